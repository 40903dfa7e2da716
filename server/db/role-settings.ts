import type { Database } from './port.ts';

/**
 * The settings of a role (`alter role ... set`, this database's over the cluster's) that any user may
 * change. PostgREST applies them to every request it runs as that role, as a login would get them: so
 * `statement_timeout` holds per role (3 s for anon, 8 s for authenticated on Supabase).
 */
const roleSettingsSql = `
  select setting.name, setting.value
    from (
      select distinct on (split_part(item, '=', 1))
             split_part(item, '=', 1) as name, substr(item, strpos(item, '=') + 1) as value
        from pg_catalog.pg_db_role_setting s, unnest(s.setconfig) as item
       where s.setrole = (select oid from pg_catalog.pg_roles where rolname = $1)
         and s.setdatabase in (0, (select oid from pg_catalog.pg_database where datname = current_database()))
       order by split_part(item, '=', 1), s.setdatabase desc
    ) as setting
    join pg_catalog.pg_settings known on known.name = setting.name and known.context = 'user'`;

const caches = new WeakMap<Database, Map<string, Promise<Record<string, string>>>>();

/**
 * The role's settings, read once and kept until `NOTIFY pgrst` (any payload: 'reload config', 'reload
 * schema'), as PostgREST keeps them.
 */
export async function roleSettings(db: Database, role: string): Promise<Record<string, string>> {
  let cache = caches.get(db);
  if (!cache) {
    const fresh = new Map<string, Promise<Record<string, string>>>();
    caches.set(db, fresh);
    cache = fresh;
    await db.listen('pgrst', () => fresh.clear()).catch(() => caches.delete(db));
  }
  let settings = cache.get(role);
  if (!settings) {
    settings = db
      .query<{ name: string; value: string }>(roleSettingsSql, [role])
      .then(({ rows }) => Object.fromEntries(rows.map((row) => [row.name, row.value])));
    cache.set(role, settings);
    settings.catch(() => cache.delete(role));
  }
  return settings;
}
