// What one rpc through HTTP (supabase-js → server/ → database) costs next to the direct SQL call,
// on PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL.
import { randomUUID } from 'node:crypto';
import { startTestServer } from '../tests/support/test-server.ts';
import { measure } from './measure.ts';

const fixtures = new URL('../tests/server/fixtures/rpc-migrations', import.meta.url).pathname;
const calls = 2000;

async function benchOn(kind: 'pglite' | 'postgres') {
  process.env.TEST_DB = kind;
  const server = await startTestServer({ migrationFolders: [fixtures] });
  try {
    const user = randomUUID();
    const client = server.client({ accessToken: await server.token({ sub: user, role: 'authenticated' }) });
    const db = server.server.context.db;
    const direct = () =>
      db.transaction(async (tx) => {
        await tx.query(
          "select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)",
          [JSON.stringify({ sub: user, role: 'authenticated' })],
        );
        return tx.query("select api.greet(name := 'Anna')");
      });
    const overHttp = async () => {
      const { error } = await client.rpc('greet', { name: 'Anna' });
      if (error) throw new Error(error.message);
    };
    await measure(overHttp, 100, 4); // warm up
    return [
      { database: kind, path: 'direct SQL (role + claims + call)', ...(await measure(direct, calls, 4)) },
      { database: kind, path: 'supabase.rpc over HTTP', ...(await measure(overHttp, calls, 4)) },
    ];
  } finally {
    await server.stop();
  }
}

export async function benchRpcOverhead() {
  const rows = await benchOn('pglite');
  if (process.env.TEST_DATABASE_URL) rows.push(...(await benchOn('postgres')));
  return rows;
}
