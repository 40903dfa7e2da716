import type { Database } from '../db/port.ts';
import { resolveFunction, type ResolvedFunction, type wholeBodyOnly } from './resolve-function.ts';

/**
 * PostgREST's schema cache for functions: resolved once per name and argument set, dropped whenever a
 * migration (or anyone) sends `NOTIFY pgrst, 'reload schema'`, as PostgREST's own cache is.
 */
export async function createFunctionCache(db: Database) {
  const cache = new Map<string, Promise<ResolvedFunction>>();
  const unlisten = await db.listen('pgrst', (payload) => {
    if (payload === '' || payload === 'reload schema') cache.clear();
  });
  return {
    resolve(
      schema: string,
      name: string,
      argumentSet: string[] | typeof wholeBodyOnly,
    ): Promise<ResolvedFunction> {
      const key = JSON.stringify([
        schema,
        name,
        Array.isArray(argumentSet) ? [...argumentSet].sort() : argumentSet,
      ]);
      let resolved = cache.get(key);
      if (!resolved) {
        resolved = resolveFunction(db, schema, name, argumentSet);
        cache.set(key, resolved);
        resolved.catch(() => cache.delete(key));
      }
      return resolved;
    },
    clear: () => cache.clear(),
    close: unlisten,
  };
}
