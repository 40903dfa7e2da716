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
import { createKeys, signJwt } from '../server/keys.ts';
import { startServer } from '../server/start.ts';
import { createThrowawayPostgres } from '../tests/support/test-database.ts';
import type { TestClient } from '../tests/support/test-server.ts';
import { generateBookingData } from './generate-bookings.ts';
import { generateLoyaltyData, verifyLoyaltyData, type ScaleProfile } from './generate.ts';
import { measure } from './measure.ts';
import { startServerProcess } from './server-process.ts';

type Kind = 'pglite' | 'postgres';
type Stats = Awaited<ReturnType<typeof measure>>;

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

type Who = 'admin' | 'merchant';

interface ReadPath {
  call: string;
  who: Who;
  name: string;
  args: Record<string, unknown>;
  count: number;
  /** What the SPA did before this path existed, measured beside it over HTTP. */
  before?: { label: string; run: (client: TestClient) => Promise<unknown> };
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

function readPaths(data: Awaited<ReturnType<typeof generateLoyaltyData>>, profile: ScaleProfile): ReadPath[] {
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
      call: 'merchant_movements page 1, one client',
      who: 'merchant',
      name: 'merchant_movements',
      args: { client_code: data.chainBuyerCodes[0], page: 1, page_size: 10 },
      count: 100,
    },
  ];
}

/** The same function called directly on the server's pool (role + claims + call): the floor of each read. */
async function measureFloor(db: Database, claims: string, read: ReadPath) {
  const keys = Object.keys(read.args);
  const sql = `select * from api.${read.name}(${keys.map((key, index) => `${key} => $${index + 1}`).join(', ')})`;
  const operation = () =>
    db.transaction(async (tx) => {
      await tx.query(
        "select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)",
        [claims],
      );
      return tx.query(
        sql,
        keys.map((key) => read.args[key]),
      );
    });
  await measure(operation, 2);
  return measure(operation, read.count);
}

async function benchOn(kind: Kind, profile: ScaleProfile, results: LoyaltyResults) {
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
    const floors = new Map<string, Stats>();
    try {
      data = await generateLoyaltyData(db, profile);
      const bookings = await generateBookingData(db, data.bigMerchant.id);
      const verifyStarted = performance.now();
      await verifyLoyaltyData(db);
      results.generation.push({
        database: kind,
        profile: profile.name,
        merchants: data.counts.merchants,
        clients: data.counts.clients,
        movements: data.counts.movements,
        'ledger rows': data.counts.ledger,
        reservations: bookings.reservations,
        'generate s': Number((data.seconds + bookings.seconds).toFixed(1)),
        'verify s': Number(((performance.now() - verifyStarted) / 1000).toFixed(1)),
      });

      const merchant = data.bigMerchant;
      const { client } = await supabaseAs(server.url, anonKey, merchant.userId, merchant.email);
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
      const purchase = (path: string, concurrency: number, stats: Stats) =>
        results.purchases.push({ database: kind, path, concurrency, ...stats });
      purchase('direct SQL (role + claims + call)', 1, await measure(direct, 300, 1));
      purchase('supabase.rpc over HTTP', 1, await measure(overHttp, 300, 1));
      purchase('direct SQL (role + claims + call)', 8, await measure(direct, 400, 8));
      purchase('supabase.rpc over HTTP', 8, await measure(overHttp, 400, 8));
      // Concurrent purchases over shared chains must leave the ledger exact.
      await verifyLoyaltyData(db);

      // The floor of every read path: the SQL function on the pool, no HTTP.
      const claimsOf = (who: Who) => {
        const person = who === 'admin' ? data!.admin : data!.bigMerchant;
        return JSON.stringify({
          sub: person.userId,
          role: 'authenticated',
          aud: 'authenticated',
          email: person.email,
        });
      };
      for (const read of readPaths(data, profile)) {
        floors.set(read.call, await measureFloor(db, claimsOf(read.who), read));
      }
    } finally {
      await server.stop();
    }

    // ---- 2. The server as its own process on the existing database: start, reads over HTTP, memory ----
    const child = await startServerProcess({ dataDir, databaseUrl: postgres?.url, jwtSecret });
    try {
      const admin = await supabaseAs(child.url, anonKey, data.admin.userId, data.admin.email);
      const merchant = await supabaseAs(child.url, anonKey, data.bigMerchant.userId, data.bigMerchant.email);
      const people = { admin, merchant };
      for (const read of readPaths(data, profile)) {
        const who = people[read.who];
        const operation = () => rpc(who.client, read.name, read.args);
        await measure(operation, 2); // warm up
        const stats = await measure(operation, read.count);
        const size = await bodySize(child.url, anonKey, who.token, read.name, read.args);
        const floor = floors.get(read.call)!;
        results.reads.push({
          database: kind,
          call: read.call,
          'p50 ms': stats['p50 ms'],
          'p95 ms': stats['p95 ms'],
          'SQL floor p50 ms': floor['p50 ms'],
          '× floor': Number((stats['p50 ms'] / floor['p50 ms']).toFixed(1)),
          ...size,
        });
        if (read.before) {
          const before = read.before;
          const previous = () => before.run(who.client);
          await measure(previous, 1);
          const old = await measure(previous, Math.max(3, Math.round(read.count / 4)));
          results.reads.push({
            database: kind,
            call: `  before: ${before.label}`,
            'p50 ms': old['p50 ms'],
            'p95 ms': old['p95 ms'],
            'SQL floor p50 ms': null,
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
      await child.stop();
    }
  } finally {
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchLoyalty(profile: ScaleProfile): Promise<LoyaltyResults> {
  const results: LoyaltyResults = { generation: [], purchases: [], reads: [], server: [] };
  // BENCH_DATABASE=postgres (or pglite) runs one database only.
  const only = process.env.BENCH_DATABASE;
  if (only !== 'postgres') await benchOn('pglite', profile, results);
  if (process.env.TEST_DATABASE_URL && only !== 'pglite') await benchOn('postgres', profile, results);
  return results;
}
