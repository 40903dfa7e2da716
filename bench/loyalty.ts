// The loyalty database against its goals, on PGlite and (with TEST_DATABASE_URL) PostgreSQL:
// purchases through HTTP next to the direct SQL call, the admin and merchant read paths over HTTP on
// the generated data, and the server's start time and memory as a separate process.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import type { Database } from '../server/db/port.ts';
import { defaultMigrationsFolder, loadConfig, type ServerConfig } from '../server/config.ts';
import { signJwt } from '../server/jwt/jwt.ts';
import { createKeys } from '../server/jwt/keys.ts';
import { startServer } from '../server/start.ts';
import { createThrowawayPostgres } from '../tests/support/test-database.ts';
import type { TestClient } from '../tests/support/test-server.ts';
import { startBareServer, startBareServerProcess, type BareServer, type FloorCall } from './bare-server.ts';
import { generateBookingData } from './generate-bookings.ts';
import { generateLoyaltyData, verifyLoyaltyData, type ScaleProfile } from './generate.ts';
import { measure, sideBySide, type Latency } from './measure.ts';
import { openPostgres } from '../server/db/postgres.ts';
import { createOldMovementReversals, inboxTheOldWay, movementsTheOldWay } from './old-ways.ts';
import { startServerProcess } from './server-process.ts';

type Kind = 'pglite' | 'postgres';

export interface LoyaltyResults {
  generation: Record<string, string | number>[];
  purchases: Record<string, string | number>[];
  reads: Record<string, string | number | null>[];
  server: Record<string, string | number | null>[];
}

const jwtSecret = 'bench-jwt-secret-with-at-least-32-characters';

const supabaseAs = async (url: string, anonKey: string, sub: string, email: string) => {
  const token = await signJwt({ sub, role: 'authenticated', aud: 'authenticated', email }, jwtSecret, 3600);
  return {
    token,
    client: createClient(url, anonKey, {
      db: { schema: 'api' },
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never },
      global: { headers: { Authorization: `Bearer ${token}` } },
    }) as TestClient,
  };
};

/** A signed-out visitor: the anon key alone. */
const anonClient = (url: string, anonKey: string) =>
  createClient(url, anonKey, {
    db: { schema: 'api' },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  }) as TestClient;

async function rpc(client: TestClient, name: string, args: Record<string, unknown> = {}) {
  const { data, error } = await client.rpc(name, args);
  if (error) throw new Error(`${name}: ${error.message}`);
  return data as unknown;
}

/** The body of one rpc as the browser receives it: KB as sent (the server does not compress) and gzipped. */
async function bodySize(
  url: string,
  anonKey: string,
  token: string,
  name: string,
  args: Record<string, unknown>,
) {
  const response = await fetch(`${url}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: {
      apikey: anonKey,
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      'Content-Profile': 'api',
      'Accept-Profile': 'api',
    },
    body: JSON.stringify(args),
  });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`${name}: ${response.status} ${body.toString()}`);
  const rows = (() => {
    const parsed: unknown = JSON.parse(body.toString());
    return Array.isArray(parsed) ? parsed.length : null;
  })();
  return {
    'KB sent': Math.round(body.length / 1024),
    'KB gzip': Math.round(gzipSync(body).length / 1024),
    rows,
  };
}

/**
 * The same rpc by a plain `fetch` with the headers supabase-js sends, the JSON answer read whole:
 * what supabase-js itself adds to a call. `acceptEncoding: 'identity'` asks for the body uncompressed.
 */
async function plainRpc(
  url: string,
  anonKey: string,
  token: string,
  name: string,
  args: Record<string, unknown>,
  acceptEncoding?: string,
) {
  const response = await fetch(`${url}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: {
      apikey: anonKey,
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      'Content-Profile': 'api',
      'Accept-Profile': 'api',
      ...(acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {}),
    },
    body: JSON.stringify(args),
  });
  if (response.status !== 200) throw new Error(`${name}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<unknown>;
}

type Who = 'admin' | 'merchant' | 'anon';

export interface ReadPath {
  call: string;
  who: Who;
  name: string;
  /** The arguments (of every call, or the shape of argsEach's). */
  args: Record<string, unknown>;
  /** Fresh arguments for each call, of a path that changes what it reads (a visit completed once). */
  argsEach?: () => Record<string, unknown>;
  /** The path writes: its floor runs in a read-write transaction. */
  write?: boolean;
  count: number;
  /** What the SPA did before this path existed, measured beside it over HTTP. */
  before?: { label: string; run: (client: TestClient) => Promise<unknown> };
  /** The before of a screen, cheap enough to run in the same rounds as the path, its floor and bare server. */
  oldWay?: { label: string; run: (client: TestClient) => Promise<unknown> };
}

/** Reads the way the SPA before one-document trees did: every row of a set-returning rpc, 1,000 at a time (max_rows). */
async function downloadInPages(client: TestClient, name: string, args: Record<string, unknown>) {
  const rows: unknown[] = [];
  for (let from = 0; ; from += 1000) {
    const { data, error } = await client.rpc(name, args).range(from, from + 999);
    if (error) throw new Error(`${name}: ${error.message}`);
    rows.push(...(data as unknown[]));
    if ((data as unknown[]).length < 1000) return rows;
  }
}

/**
 * Statistiche the way the spec's first app computed them: every client and every movement downloaded
 * (1,000 rows a request), then summed in the browser.
 */
async function statisticsTheOldWay(client: TestClient) {
  const clients = (await downloadInPages(client, 'merchant_client_tree', {})) as {
    id: string;
    code: string;
    sponsor_id: string | null;
    generation: number;
  }[];
  const movements: { client_code: string; net: number }[] = [];
  for (let page = 1; ; page += 1) {
    const { data, error } = await client.rpc('merchant_movements', { page, page_size: 1000 });
    if (error) throw new Error(`merchant_movements: ${error.message}`);
    const rows = (data as { movements: { client_code: string; net: number }[] }).movements;
    movements.push(...rows);
    if (rows.length < 1000) break;
  }
  const netByCode = new Map<string, number>();
  for (const movement of movements) {
    netByCode.set(movement.client_code, (netByCode.get(movement.client_code) ?? 0) + Number(movement.net));
  }
  const byId = new Map(clients.map((row) => [row.id, row]));
  const revenueBelow = new Map<string, number[]>();
  for (const row of clients) {
    let sponsor = row.sponsor_id ? byId.get(row.sponsor_id) : undefined;
    for (let depth = 0; sponsor && depth < 3; depth += 1) {
      const levels = revenueBelow.get(sponsor.id) ?? [0, 0, 0];
      levels[depth]! += netByCode.get(row.code) ?? 0;
      revenueBelow.set(sponsor.id, levels);
      sponsor = sponsor.sponsor_id ? byId.get(sponsor.sponsor_id) : undefined;
    }
  }
  return { clients: clients.length, movements: movements.length, sponsors: revenueBelow.size };
}

/** Every read path the benchmark measures, with its arguments on the generated data (bench/plans.ts checks their plans). */
export function readPaths(
  data: Awaited<ReturnType<typeof generateLoyaltyData>>,
  profile: ScaleProfile,
): ReadPath[] {
  const clientsOfBig = profile.bigMerchantClients.toLocaleString('en-US');
  const slug = data.bigMerchant.slug;
  return [
    {
      call: `admin_campaign_summaries (${profile.merchants} merchants)`,
      who: 'admin',
      name: 'admin_campaign_summaries',
      args: {},
      count: 20,
    },
    {
      call: `admin_client_tree_compact (${clientsOfBig} clients, one request)`,
      who: 'admin',
      name: 'admin_client_tree_compact',
      args: { merchant_slug: slug },
      count: 20,
      before: {
        label: 'admin_client_tree in pages of 1,000 rows',
        run: (client) => downloadInPages(client, 'admin_client_tree', { merchant_slug: slug }),
      },
    },
    {
      call: `merchant_client_tree_compact (${clientsOfBig} clients, one request)`,
      who: 'merchant',
      name: 'merchant_client_tree_compact',
      args: {},
      count: 20,
      before: {
        label: 'merchant_client_tree in pages of 1,000 rows',
        run: (client) => downloadInPages(client, 'merchant_client_tree', {}),
      },
    },
    {
      call: `merchant_client_tree (${clientsOfBig} rows asked, max_rows cuts at 1,000)`,
      who: 'merchant',
      name: 'merchant_client_tree',
      args: {},
      count: 10,
    },
    {
      call: `merchant_statistics (${clientsOfBig} clients)`,
      who: 'merchant',
      name: 'merchant_statistics',
      args: {},
      count: 20,
      before: {
        label: 'every client and movement downloaded, summed in the browser',
        run: statisticsTheOldWay,
      },
    },
    {
      call: 'merchant_client_statistics page 1 (20 rows)',
      who: 'merchant',
      name: 'merchant_client_statistics',
      args: { page: 1, page_size: 20 },
      count: 100,
    },
    {
      call: 'merchant_client_statistics page 500 (20 rows)',
      who: 'merchant',
      name: 'merchant_client_statistics',
      args: { page: 500, page_size: 20 },
      count: 100,
    },
    ...(['to_answer', 'upcoming', 'history'] as const).map((section) => ({
      call: `merchant_reservations_page '${section}', 20 rows (10,000 reservations)`,
      who: 'merchant' as const,
      name: 'merchant_reservations_page',
      args: { section, page_size: 20 },
      count: 50,
      ...(section === 'to_answer'
        ? {
            oldWay: {
              label: 'Prenotazioni before: the page and merchant_pending_count beside it',
              run: (client: TestClient) => inboxTheOldWay(client, { section, page_size: 20 }),
            },
          }
        : {}),
      ...(section === 'history'
        ? {
            before: {
              label: 'every reservation, 1,000 rows a request (the inbox before paging)',
              run: (client: TestClient) => downloadInPages(client, 'merchant_reservations', {}),
            },
          }
        : {}),
    })),
    {
      call: 'merchant_pending_count (navigation badge)',
      who: 'merchant',
      name: 'merchant_pending_count',
      args: {},
      count: 100,
    },
    {
      call: `merchant_referral_signals (${clientsOfBig} clients)`,
      who: 'merchant',
      name: 'merchant_referral_signals',
      args: {},
      count: 10,
    },
    {
      call: "merchant_clients page 1, search 'rossi'",
      who: 'merchant',
      name: 'merchant_clients',
      args: { search: 'rossi', page: 1, page_size: 10 },
      count: 100,
    },
    {
      call: 'merchant_clients page 1, no search',
      who: 'merchant',
      name: 'merchant_clients',
      args: { page: 1, page_size: 10 },
      count: 100,
    },
    {
      call: 'merchant_movements page 1',
      who: 'merchant',
      name: 'merchant_movements',
      args: { page: 1, page_size: 10 },
      count: 100,
    },
    {
      // A client with a page of movements of her own (the purchase chains have none until the purchase
      // benchmark runs, and none at all with BENCH_ONLY=reads).
      call: `merchant_movements page 1, one client (${data.regularClient.movements} movements)`,
      who: 'merchant',
      name: 'merchant_movements',
      args: { client_code: data.regularClient.code, page: 1, page_size: 10 },
      count: 100,
      oldWay: {
        label: 'Movimenti before: the page, then movement_reversals of its rows',
        run: (client: TestClient) =>
          movementsTheOldWay(client, { client_code: data.regularClient.code, page: 1, page_size: 10 }),
      },
    },
    {
      call: "merchant_movements page 1, receipt number starting 'RT-1'",
      who: 'merchant',
      name: 'merchant_movements',
      args: { receipt_number: 'RT-1', page: 1, page_size: 10 },
      count: 100,
    },
    {
      call: 'merchant_daily_summary, the last 31 days',
      who: 'merchant',
      name: 'merchant_daily_summary',
      args: { date_from: daysAgo(30), date_to: daysAgo(0) },
      count: 50,
    },
    {
      call: 'salon_public_page (the public salon page, signed out)',
      who: 'anon',
      name: 'salon_public_page',
      args: { merchant_slug: slug },
      count: 100,
    },
  ];
}

/** A Rome calendar date `days` before today, 'YYYY-MM-DD'. */
function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Rome' });
}

/**
 * A visit's purchase: the form's draft, and the purchase registered with the visit completed, each call
 * on the next past confirmed appointment of the big salon (a visit is completed once).
 */
export function visitPaths(visitIds: readonly string[], count: number): ReadPath[] {
  let next = 0;
  return [
    {
      call: 'visit_purchase_draft (the visit purchase form)',
      who: 'merchant',
      name: 'visit_purchase_draft',
      args: { reservation_id: visitIds[0] },
      count,
    },
    {
      call: 'complete_visit_with_purchase (a purchase with its visit completed)',
      who: 'merchant',
      name: 'complete_visit_with_purchase',
      args: { reservation_id: visitIds[1], spend: 45, discount: 0 },
      argsEach: () => ({
        reservation_id: visitIds[1 + (next++ % (visitIds.length - 1))],
        spend: 45,
        discount: 0,
      }),
      write: true,
      count,
    },
  ];
}

/** Purchases through HTTP and directly, one at a time and 8 in flight; the ledger checked after. */
async function benchPurchases(
  kind: Kind,
  db: Database,
  url: string,
  anonKey: string,
  data: Awaited<ReturnType<typeof generateLoyaltyData>>,
  results: LoyaltyResults,
) {
  const merchant = data.bigMerchant;
  const { client } = await supabaseAs(url, anonKey, merchant.userId, merchant.email);
  const claims = JSON.stringify({
    sub: merchant.userId,
    role: 'authenticated',
    aud: 'authenticated',
    email: merchant.email,
  });
  const buyers = data.chainBuyerCodes;
  let turn = 0;
  const nextBuyer = () => buyers[(turn += 1) % buyers.length]!;
  const overHttp = () =>
    rpc(client, 'register_purchase', { client_code: nextBuyer(), spend: 49.9, discount: 0 });
  const direct = () =>
    db.transaction(async (tx) => {
      await tx.query(
        "select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)",
        [claims],
      );
      return tx.query('select api.register_purchase($1, $2, $3)', [nextBuyer(), 49.9, 0]);
    });
  await measure(overHttp, 50, 4); // warm up
  await measure(direct, 50, 4);
  const purchase = (path: string, concurrency: number, stats: Awaited<ReturnType<typeof measure>>) =>
    results.purchases.push({ database: kind, path, concurrency, ...stats });
  purchase('direct SQL (role + claims + call)', 1, await measure(direct, 300, 1));
  purchase('supabase.rpc over HTTP', 1, await measure(overHttp, 300, 1));
  purchase('direct SQL (role + claims + call)', 8, await measure(direct, 400, 8));
  purchase('supabase.rpc over HTTP', 8, await measure(overHttp, 400, 8));
  // Concurrent purchases over shared chains must leave the ledger exact.
  await verifyLoyaltyData(db);
}

/**
 * The floor of a read: the same function called directly on a pool of the database as that role, the
 * minimal direct way — one read-only transaction of the role and claims settings and the call, both
 * prepared, sent in one go (`Database.transactionOf`), no HTTP. `floorCallOf` gives each call's
 * statements (fresh arguments for a path that changes what it reads).
 */
function floorCallOf(claims: string, read: ReadPath): () => FloorCall {
  const keys = Object.keys(read.args);
  const role = read.who === 'anon' ? 'anon' : 'authenticated';
  const settings = {
    sql: `select set_config('role', '${role}', true), set_config('request.jwt.claims', $1, true)`,
    params: [claims],
    prepared: true,
  };
  const sql = `select * from api.${read.name}(${keys.map((key, index) => `${key} => $${index + 1}`).join(', ')})`;
  return () => {
    const args = read.argsEach?.() ?? read.args;
    return {
      statements: [settings, { sql, params: keys.map((key) => args[key]), prepared: true }],
      readOnly: !read.write,
    };
  };
}

function floorOf(db: Database, claims: string, read: ReadPath) {
  const next = floorCallOf(claims, read);
  return async () => {
    const { statements, readOnly } = next();
    const results = await db.transactionOf(statements, { readOnly });
    return results[1]!.rows;
  };
}

/** What `BENCH_ONLY`, `BENCH_READS`, `BENCH_READ_ROUNDS` and `BENCH_COMPARE_WITH` ask of the reads. */
interface ReadOptions {
  /** Only the reads (no purchases, no data check, no old-approach rows): `BENCH_ONLY=reads`. */
  readsOnly: boolean;
  /** Reads whose call contains one of these (`BENCH_READS=pending,one client`); all when empty. */
  filter: string[];
  /** Rounds of every read instead of its own count (`BENCH_READ_ROUNDS`). */
  rounds?: number;
  /** Another checkout whose server is called in the same rounds (`BENCH_COMPARE_WITH=/path`). */
  compareWith?: string;
  /**
   * The same call also by a plain fetch, compressed as the server chooses and uncompressed, in the same
   * rounds (`BENCH_READ_SPLIT=1`): what supabase-js and inflating the answer cost the caller.
   */
  split: boolean;
}

function readOptionsFromEnvironment(): ReadOptions {
  const only = (process.env.BENCH_ONLY ?? '').split(',');
  const filter = (process.env.BENCH_READS ?? '').split(',').filter((part) => part !== '');
  const rounds = Number(process.env.BENCH_READ_ROUNDS ?? '');
  return {
    readsOnly: only.includes('reads') && !only.includes('loyalty'),
    filter,
    rounds: rounds > 0 ? rounds : undefined,
    compareWith: process.env.BENCH_COMPARE_WITH || undefined,
    split: process.env.BENCH_READ_SPLIT === '1',
  };
}

async function benchOn(kind: Kind, profile: ScaleProfile, results: LoyaltyResults, options: ReadOptions) {
  const dataDir = mkdtempSync(join(tmpdir(), 'passaparola-bench-'));
  const postgres = kind === 'postgres' ? await createThrowawayPostgres() : undefined;
  try {
    const config: ServerConfig = {
      ...loadConfig({}),
      mailPort: 0,
      port: 0,
      host: '127.0.0.1',
      dataDir,
      jwtSecret,
      databaseUrl: postgres?.url,
      migrationFolders: [defaultMigrationsFolder],
      staticDir: undefined,
    };
    const { anonKey } = await createKeys(jwtSecret);

    // ---- 1. Generate in-process, then purchases through HTTP and directly ----
    const server = await startServer(config, { persistData: kind === 'pglite' });
    const db = server.context.db;
    let data;
    // Made once: each completion takes the next visit, across the floor, bare and HTTP measurements.
    let visitReads: ReadPath[] = [];
    const readsOf = (generated: Awaited<ReturnType<typeof generateLoyaltyData>>) =>
      [...readPaths(generated, profile), ...visitReads]
        .filter(
          (read) => options.filter.length === 0 || options.filter.some((part) => read.call.includes(part)),
        )
        .map((read) => ({ ...read, count: options.rounds ?? read.count }));
    const claimsOf = (who: Who) => {
      if (who === 'anon') return JSON.stringify({ role: 'anon' });
      const person = who === 'admin' ? data!.admin : data!.bigMerchant;
      return JSON.stringify({
        sub: person.userId,
        role: 'authenticated',
        aud: 'authenticated',
        email: person.email,
      });
    };
    // PGlite's data folder belongs to one process: its floor is measured here, apart from the HTTP calls.
    const floorsApart = new Map<string, Latency>();
    const bareApart = new Map<string, Latency>();
    try {
      data = await generateLoyaltyData(db, profile);
      const bookings = await generateBookingData(db, data.bigMerchant.id);
      await createOldMovementReversals(db);
      const visitIds = (
        await db.query<{ id: string }>(
          `select id from app.reservations
            where merchant_id = $1 and status = 'confermata' and starts_at < now() - interval '1 day'
            order by starts_at desc limit 2000`,
          [data.bigMerchant.id],
        )
      ).rows.map((row) => row.id);
      visitReads = visitPaths(visitIds, 50);
      const verifyStarted = performance.now();
      if (!options.readsOnly) await verifyLoyaltyData(db);
      results.generation.push({
        database: kind,
        profile: profile.name,
        merchants: data.counts.merchants,
        clients: data.counts.clients,
        movements: data.counts.movements,
        'ledger rows': data.counts.ledger,
        reservations: bookings.reservations,
        'generate s': Number((data.seconds + bookings.seconds).toFixed(1)),
        'verify s': options.readsOnly
          ? 'skipped'
          : Number(((performance.now() - verifyStarted) / 1000).toFixed(1)),
      });
      if (!options.readsOnly) await benchPurchases(kind, db, server.url, anonKey, data, results);
      if (kind === 'pglite') {
        const bare = await startBareServer();
        try {
          for (const read of readsOf(data)) {
            const floor = floorOf(db, claimsOf(read.who), read);
            bare.route(read.call, floor);
            await measure(floor, 2);
            floorsApart.set(read.call, await measure(floor, read.count));
            await measure(() => bare.call(read.call), 2);
            bareApart.set(read.call, await measure(() => bare.call(read.call), read.count));
          }
        } finally {
          await bare.close();
        }
      }
    } finally {
      await server.stop();
    }

    // ---- 2. The server as its own process on the existing database: start, reads over HTTP, memory ----
    const child = await startServerProcess({ dataDir, databaseUrl: postgres?.url, jwtSecret });
    // On PostgreSQL the floor runs on a pool of this process, in the same rounds as the HTTP calls.
    const floorDb = postgres ? await openPostgres(postgres.url) : undefined;
    // The bare server as its own process, as the server is: both pay the hop between two processes.
    const bare: BareServer | undefined = postgres ? await startBareServerProcess(postgres.url) : undefined;
    const compared = options.compareWith
      ? await startServerProcess({
          dataDir,
          databaseUrl: postgres?.url,
          jwtSecret,
          root: options.compareWith,
        })
      : undefined;
    try {
      const admin = await supabaseAs(child.url, anonKey, data.admin.userId, data.admin.email);
      const merchant = await supabaseAs(child.url, anonKey, data.bigMerchant.userId, data.bigMerchant.email);
      const anon = { token: anonKey, client: anonClient(child.url, anonKey) };
      const people = { admin, merchant, anon };
      const comparedPeople = compared && {
        admin: await supabaseAs(compared.url, anonKey, data.admin.userId, data.admin.email),
        merchant: await supabaseAs(compared.url, anonKey, data.bigMerchant.userId, data.bigMerchant.email),
        anon: { token: anonKey, client: anonClient(compared.url, anonKey) },
      };
      for (const read of readsOf(data)) {
        const who = people[read.who];
        const argsOf = () => read.argsEach?.() ?? read.args;
        const operations: Record<string, () => Promise<unknown>> = {
          http: () => rpc(who.client, read.name, argsOf()),
        };
        if (floorDb) operations.floor = floorOf(floorDb, claimsOf(read.who), read);
        if (options.split) {
          operations.fetch = () => plainRpc(child.url, anonKey, who.token, read.name, argsOf());
          operations.uncompressed = () =>
            plainRpc(child.url, anonKey, who.token, read.name, argsOf(), 'identity');
        }
        if (bare) {
          const floorCall = floorCallOf(claimsOf(read.who), read);
          operations.bare = () => bare.call(read.call, floorCall());
        }
        const oldWay = read.oldWay;
        if (oldWay) operations.old = () => oldWay.run(who.client);
        if (comparedPeople)
          operations.compared = () => rpc(comparedPeople[read.who].client, read.name, argsOf());
        await sideBySide(operations, 3); // warm up
        const stats = await sideBySide(operations, read.count);
        const floor = stats.floor ?? floorsApart.get(read.call)!;
        const bareLatency = stats.bare ?? bareApart.get(read.call)!;
        const times = (latency: Latency) => Number((latency['p50 ms'] / floor['p50 ms']).toFixed(2));
        const size = await bodySize(child.url, anonKey, who.token, read.name, argsOf());
        results.reads.push({
          database: kind,
          call: read.call,
          'p50 ms': stats.http!['p50 ms'],
          'p95 ms': stats.http!['p95 ms'],
          'floor p50 ms': floor['p50 ms'],
          '× floor': times(stats.http!),
          'bare HTTP p50 ms': bareLatency['p50 ms'],
          '× bare': Number((stats.http!['p50 ms'] / bareLatency['p50 ms']).toFixed(2)),
          ...(stats.old
            ? {
                'old way p50 ms': stats.old['p50 ms'],
                'old ÷ ours': Number((stats.old['p50 ms'] / stats.http!['p50 ms']).toFixed(2)),
              }
            : {}),
          ...(stats.compared
            ? {
                'compared p50 ms': stats.compared['p50 ms'],
                'compared p95 ms': stats.compared['p95 ms'],
                'compared × floor': times(stats.compared),
              }
            : {}),
          ...(stats.fetch && stats.uncompressed
            ? {
                'plain fetch p50 ms': stats.fetch['p50 ms'],
                'uncompressed p50 ms': stats.uncompressed['p50 ms'],
              }
            : {}),
          floor: stats.floor ? 'same rounds' : 'apart',
          ...(oldWay ? { 'old way': oldWay.label } : {}),
          ...size,
        });
        if (read.before && !options.readsOnly) {
          const before = read.before;
          const previous = () => before.run(who.client);
          await measure(previous, 1);
          const old = await measure(previous, Math.max(3, Math.round(read.count / 4)));
          results.reads.push({
            database: kind,
            call: `  before: ${before.label}`,
            'p50 ms': old['p50 ms'],
            'p95 ms': old['p95 ms'],
            'floor p50 ms': null,
            '× floor': Number((old['p50 ms'] / floor['p50 ms']).toFixed(1)),
          });
        }
      }
      const memory = child.memory();
      results.server.push({
        database: kind,
        'start ms (spawn → health 200)': Math.round(child.startMs),
        'RSS MB after reads': memory.rssMb,
        'peak RSS MB': memory.peakRssMb,
      });
    } finally {
      await bare?.close();
      await floorDb?.close();
      await compared?.stop();
      await child.stop();
    }
  } finally {
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchLoyalty(profile: ScaleProfile): Promise<LoyaltyResults> {
  const results: LoyaltyResults = { generation: [], purchases: [], reads: [], server: [] };
  const options = readOptionsFromEnvironment();
  // BENCH_DATABASE=postgres (or pglite) runs one database only.
  const only = process.env.BENCH_DATABASE;
  if (only !== 'postgres') await benchOn('pglite', profile, results, options);
  if (process.env.TEST_DATABASE_URL && only !== 'pglite')
    await benchOn('postgres', profile, results, options);
  return results;
}
