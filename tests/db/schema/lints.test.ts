import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../support/use-test-server.ts';

/** Security-definer functions anon may execute on purpose: the anonymous join and public merchant page. */
// minimum_password_length reads the auth setting a registration form needs before anyone signs in.
const anonDefinerAllowed = [
  // The e-mailed link that confirms a client's address, opened before signing in.
  'app_private.confirm_email_address',
  'app_private.find_salons',
  'app_private.join_merchant',
  'app_private.merchant_public',
  'app_private.minimum_password_length',
  // The salon's public page: its allow-listed fields (tests/db/booking/salon-public-page.test.ts).
  'app_private.salon_public_page',
  // The first name and initial of the sponsor of a referral link, for the registration form.
  'app_private.sponsor_preview',
];

describe('schema lints for the loyalty database', () => {
  const server = useTestServer();
  const rows = async <Row>(sql: string) => (await server.server.context.db.query<Row>(sql)).rows;

  it('enables row-level security on every table of app', async () => {
    const tables = await rows<{ name: string; rls: boolean }>(
      `select c.relname as name, c.relrowsecurity as rls from pg_class c
         join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'app' and c.relkind in ('r', 'p') order by 1`,
    );
    expect(tables.map((table) => table.name)).toEqual(
      expect.arrayContaining(['clients', 'credit_ledger', 'merchants', 'movements', 'percentages']),
    );
    expect(tables.filter((table) => !table.rls)).toEqual([]);
  });

  it('fixes the search_path of every function in api, app and app_private', async () => {
    const loose = await rows<{ fn: string }>(
      `select n.nspname || '.' || p.proname as fn from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname in ('api', 'app', 'app_private')
          and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) as setting where setting like 'search_path=%')`,
    );
    expect(loose).toEqual([]);
  });

  it('lets anon execute no security-definer function unless intended', async () => {
    const definers = await rows<{ fn: string }>(
      `select n.nspname || '.' || p.proname as fn from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where p.prosecdef and n.nspname not in ('pg_catalog', 'information_schema')
          and has_function_privilege('anon', p.oid, 'execute') order by 1`,
    );
    expect(definers.map((row) => row.fn).filter((fn) => !anonDefinerAllowed.includes(fn))).toEqual([]);
  });

  it('grants no function of api, app or app_private to public', async () => {
    const toPublic = await rows<{ fn: string }>(
      `select n.nspname || '.' || p.proname as fn from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname in ('api', 'app', 'app_private')
          and exists (select 1 from aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) as acl
                       where acl.grantee = 0 and acl.privilege_type = 'EXECUTE')`,
    );
    expect(toPublic).toEqual([]);
  });

  it('documents every app table and api function', async () => {
    const undocumented = await rows<{ name: string }>(
      `select 'app.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'app' and c.relkind = 'r' and obj_description(c.oid, 'pg_class') is null
       union all
       select 'api.' || p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'api' and obj_description(p.oid, 'pg_proc') is null`,
    );
    expect(undocumented).toEqual([]);
  });

  it('has an index under every column the policies and hot queries filter on', async () => {
    const wanted = [
      'platform_admins.user_id',
      'merchants.user_id',
      'merchants.slug',
      'percentages.merchant_id',
      'clients.user_id',
      'clients.merchant_id',
      'clients.sponsor_id',
      'movements.merchant_id',
      'movements.client_id',
      'credit_ledger.client_id',
      'credit_ledger.merchant_id',
      'credit_ledger.movement_id',
    ];
    const indexed = await rows<{ column: string }>(
      `select distinct c.relname || '.' || a.attname as column
         from pg_index i
         join pg_class c on c.oid = i.indrelid
         join pg_namespace n on n.oid = c.relnamespace
         join pg_attribute a on a.attrelid = c.oid and a.attnum = i.indkey[0]
        where n.nspname = 'app'`,
    );
    const present = new Set(indexed.map((row) => row.column));
    expect(wanted.filter((column) => !present.has(column))).toEqual([]);
  });

  it('plans each call of the filtered read paths with its own values', async () => {
    // A generic plan (plpgsql's choice after five calls on one connection) cannot use the client's
    // index for an optional client filter and scans all of a merchant's movements instead.
    const generic = await rows<{ fn: string }>(
      `select p.proname as fn from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'api' and p.proname in ('merchant_movements', 'merchant_referral_signals')
          and not ('plan_cache_mode=force_custom_plan' = any (coalesce(p.proconfig, '{}')))`,
    );
    expect(generic).toEqual([]);
    const found = await rows<{ count: number }>(
      `select count(*)::int as count from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'api' and p.proname = 'merchant_movements'`,
    );
    expect(found[0]!.count).toBe(1);
  });

  it('names policies as sentences, each for one command', async () => {
    const policies = await rows<{ name: string; cmd: string; roles: string[] }>(
      `select policyname as name, cmd, roles::text[] as roles from pg_policies where schemaname = 'app'`,
    );
    expect(policies.length).toBeGreaterThan(10);
    expect(
      policies.filter((policy) => policy.cmd === 'ALL' || !/^[A-Z][a-z]+ .+ .+/.test(policy.name)),
    ).toEqual([]);
    expect(policies.filter((policy) => !policy.roles.includes('authenticated'))).toEqual([]);
  });

  it('publishes client balances for realtime', async () => {
    const published = await rows<{ name: string }>(
      `select schemaname || '.' || tablename as name from pg_publication_tables where pubname = 'supabase_realtime'`,
    );
    expect(published.map((row) => row.name)).toContain('app.clients');
  });
});
