import { describe, expect, it } from 'vitest';
import { applyPlatformBootstrap } from '../../../server/db/bootstrap.ts';
import { applyMigrations, MigrationError } from '../../../server/db/migrations.ts';
import { openDatabase } from '../../../server/db/open-database.ts';
import type { Database } from '../../../server/db/port.ts';
import { createThrowawayPostgres, testDatabaseKind } from '../../support/test-database.ts';

const fixture = (name: string) => new URL(`../fixtures/${name}`, import.meta.url).pathname;

async function withDatabase(work: (db: Database) => Promise<void>) {
  const postgres = testDatabaseKind === 'postgres' ? await createThrowawayPostgres() : undefined;
  const db = await openDatabase({ databaseUrl: postgres?.url });
  try {
    await work(db);
  } finally {
    await db.close();
    await postgres?.drop();
  }
}

const tableExists = async (db: Database, name: string) =>
  (await db.query<{ found: boolean }>('select to_regclass($1) is not null as found', [name])).rows[0]?.found;

describe('platform bootstrap and migrations', () => {
  it('gives a plain database the roles, schemas and helpers Supabase has, idempotently', async () => {
    await withDatabase(async (db) => {
      await applyPlatformBootstrap(db);
      await applyPlatformBootstrap(db);
      const roles = await db.query<{ rolname: string; rolbypassrls: boolean }>(
        "select rolname, rolbypassrls from pg_roles where rolname in ('anon', 'authenticated', 'service_role') order by 1",
      );
      expect(roles.rows).toEqual([
        { rolname: 'anon', rolbypassrls: false },
        { rolname: 'authenticated', rolbypassrls: false },
        { rolname: 'service_role', rolbypassrls: true },
      ]);
      for (const table of [
        'auth.users',
        'auth.identities',
        'auth.sessions',
        'auth.refresh_tokens',
        'storage.buckets',
        'storage.objects',
      ]) {
        expect(await tableExists(db, table), table).toBe(true);
      }
      const helpers = await db.transaction(async (tx) => {
        await tx.query(
          `select set_config('request.jwt.claims', '{"sub":"6f1c0a0e-7d8e-4f55-9d8a-1b2c3d4e5f60","role":"authenticated","email":"a@b.it"}', true)`,
        );
        return (
          await tx.query(
            `select auth.uid()::text as uid, auth.role() as role, auth.email() as email, auth.jwt() ->> 'role' as jwt_role,
                    storage.foldername('a/b/c.png') as folders, storage.filename('a/b/c.png') as file,
                    storage.extension('a/b/c.png') as ext,
                    extensions.crypt('x', extensions.gen_salt('bf')) like '$2a$%' as bcrypt,
                    exists (select 1 from pg_publication where pubname = 'supabase_realtime') as publication`,
          )
        ).rows[0];
      });
      expect(helpers).toEqual({
        uid: '6f1c0a0e-7d8e-4f55-9d8a-1b2c3d4e5f60',
        role: 'authenticated',
        email: 'a@b.it',
        jwt_role: 'authenticated',
        folders: ['a', 'b'],
        file: 'c.png',
        ext: 'png',
        bcrypt: true,
        publication: true,
      });
    });
  });

  it('applies each migration once, in order, recorded as the Supabase CLI records it', async () => {
    await withDatabase(async (db) => {
      await applyPlatformBootstrap(db);
      const first = await applyMigrations(db, [fixture('good-migrations')]);
      expect(first.map((migration) => migration.version)).toEqual(['20000101000000']);
      expect(await applyMigrations(db, [fixture('good-migrations')])).toEqual([]);
      const history = await db.query(
        'select version, name, statements from supabase_migrations.schema_migrations',
      );
      expect(history.rows).toEqual([
        {
          version: '20000101000000',
          name: 'first',
          statements: ['create table public.first_table (id int primary key);\n'],
        },
      ]);
    });
  });

  it('stops at a failing migration with its file name and the Postgres error, changing nothing', async () => {
    await withDatabase(async (db) => {
      await applyPlatformBootstrap(db);
      const failure = await applyMigrations(db, [fixture('failing-migrations')]).catch(
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(MigrationError);
      expect((failure as MigrationError).message).toMatch(
        /20000102000000_broken\.sql failed: .*no_such_function.*42883/,
      );
      expect(await tableExists(db, 'public.first_table')).toBe(true);
      expect(await tableExists(db, 'public.half_done')).toBe(false);
      const versions = await db.query<{ version: string }>(
        'select version from supabase_migrations.schema_migrations',
      );
      expect(versions.rows.map((row) => row.version)).toEqual(['20000101000000']);
    });
  });

  it('delivers notifications through the port', async () => {
    await withDatabase(async (db) => {
      const received = new Promise<string>((resolve) => {
        void db.listen('port_probe', resolve);
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      await db.query("select pg_notify('port_probe', 'ciao')");
      await expect(received).resolves.toBe('ciao');
    });
  });

  it('rolls a failed transaction back', async () => {
    await withDatabase(async (db) => {
      await db.exec('create table public.counter (n int)');
      await expect(
        db.transaction(async (tx) => {
          await tx.query('insert into public.counter values (1)');
          throw new Error('interrotta');
        }),
      ).rejects.toThrow('interrotta');
      expect((await db.query('select count(*)::int as n from public.counter')).rows[0]).toEqual({ n: 0 });
    });
  });
});
