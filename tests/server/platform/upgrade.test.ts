import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createThrowawayPostgres,
  testDatabaseKind,
  type ThrowawayDatabase,
} from '../../support/test-database.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

/** What an earlier version of the bootstrap and of the change capture left in a database. */
const earlierState = `
  grant create on schema public to anon, authenticated, service_role;
  alter table auth.users disable row level security;
  alter table auth.sessions disable row level security;
  drop function storage.protect_delete() cascade;
  drop function if exists realtime.capture_change() cascade;
  create schema if not exists realtime;
  create table realtime.changes (id bigserial primary key, table_name text);
  create function realtime.capture_change() returns trigger language plpgsql as $$
    begin insert into realtime.changes (table_name) values (tg_table_name); return null; end $$;
  create table public.treatments (id int primary key, name text);
  alter publication supabase_realtime add table public.treatments;
  drop trigger if exists realtime_capture_change on public.treatments;
  create trigger realtime_capture_change after insert or update or delete on public.treatments
    for each row execute function realtime.capture_change();
`;

describe('a database bootstrapped by an earlier server, at the next start', () => {
  let postgres: ThrowawayDatabase | undefined;
  const dataDir = join(mkdtempSync(join(tmpdir(), 'passaparola-upgrade-')), 'data');
  let server: TestServer | undefined;

  const start = async () => {
    postgres ??= testDatabaseKind === 'postgres' ? await createThrowawayPostgres() : undefined;
    return startTestServer({
      migrationFolders: [],
      config: { databaseUrl: postgres?.url, dataDir },
      persistData: postgres === undefined,
    });
  };

  afterAll(async () => {
    await server?.stop();
    await postgres?.drop();
    rmSync(join(dataDir, '..'), { recursive: true, force: true });
  });

  it('takes CREATE on public back, enables RLS on auth, guards storage against direct deletes and moves the change capture to _realtime', async () => {
    const first = await start();
    await first.server.context.db.exec(earlierState);
    await first.stop();

    server = await start();
    const query = <Row>(sql: string) =>
      server!.server.context.db.query<Row>(sql).then((result) => result.rows);
    const creators = await query<{ role: string }>(
      `select r as role from unnest(array['anon', 'authenticated', 'service_role']) as r
        where has_schema_privilege(r, 'public', 'create')`,
    );
    expect(creators).toEqual([]);
    const withoutRls = await query<{ relname: string }>(
      `select relname from pg_class where relnamespace = 'auth'::regnamespace and relkind = 'r' and not relrowsecurity`,
    );
    expect(withoutRls).toEqual([]);
    for (const table of ['storage.objects', 'storage.buckets'])
      await expect(server.server.context.db.exec(`delete from ${table}`)).rejects.toThrow(
        'Use the Storage API instead',
      );

    expect(await query(`select to_regclass('realtime.changes') as old`)).toEqual([{ old: null }]);
    // The row is written through the new capture: the old one and its table are gone.
    await server.server.context.db.query(`insert into public.treatments values (1, 'Piega')`);
    const captured = await query<{ capture: string }>(
      `select tgfoid::regprocedure::text as capture from pg_trigger
        where tgrelid = 'public.treatments'::regclass and tgname = 'realtime_capture_change'`,
    );
    expect(captured).toEqual([{ capture: '_realtime.capture_change()' }]);
  });
});
