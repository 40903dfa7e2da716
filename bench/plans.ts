// The query plans behind the read paths, on PostgreSQL and the generated data: every statement an api
// function runs, as auto_explain logs it (nested statements included), with the way each big table is
// read. A path that narrows to one client, one page or one section must never read movements, the
// ledger or reservations sequentially; the whole-salon reads (tree, statistics, signals) may.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { defaultMigrationsFolder, loadConfig } from '../server/config.ts';
import { startServer } from '../server/start.ts';
import { createThrowawayPostgres } from '../tests/support/test-database.ts';
import { generateBookingData } from './generate-bookings.ts';
import { generateLoyaltyData, type ScaleProfile } from './generate.ts';
import { readPaths } from './loyalty.ts';

const bigTables = ['movements', 'credit_ledger', 'reservations'];
const scanPattern =
  /(Seq Scan|Parallel Seq Scan|Index Scan Backward|Index Scan|Index Only Scan|Bitmap Heap Scan)(?: using \S+)? on (\w+)/g;

/**
 * The reads that answer for a whole salon (its tree, statistics and signals), which may read a big table
 * from end to end; every other merchant read is narrowed to a client, a page or a section.
 */
const wholeSalon = new Set([
  'merchant_statistics',
  'merchant_client_tree',
  'merchant_client_tree_compact',
  'merchant_referral_signals',
]);

/** How each table was read, e.g. `movements: Index Scan`, from auto_explain's text plans. */
function scansOf(plans: string[]): Map<string, Set<string>> {
  const scans = new Map<string, Set<string>>();
  for (const plan of plans) {
    for (const [, kind, table] of plan.matchAll(scanPattern)) {
      const kinds = scans.get(table!) ?? new Set<string>();
      kinds.add(kind!);
      scans.set(table!, kinds);
    }
  }
  return scans;
}

export async function benchPlans(profile: ScaleProfile): Promise<Record<string, string | number>[]> {
  const postgres = await createThrowawayPostgres();
  const dataDir = mkdtempSync(join(tmpdir(), 'passaparola-plans-'));
  try {
    const server = await startServer(
      {
        ...loadConfig({}),
        port: 0,
        mailPort: 0,
        host: '127.0.0.1',
        dataDir,
        jwtSecret: 'bench-jwt-secret-with-at-least-32-characters',
        databaseUrl: postgres.url,
        migrationFolders: [defaultMigrationsFolder],
        staticDir: undefined,
      },
      { persistData: false },
    );
    let data;
    try {
      data = await generateLoyaltyData(server.context.db, profile);
      await generateBookingData(server.context.db, data.bigMerchant.id);
      await server.context.db.exec('analyze');
    } finally {
      await server.stop();
    }

    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    const logged: string[] = [];
    client.on('notice', (notice) => logged.push(notice.message ?? ''));
    try {
      await client.query("load 'auto_explain'");
      await client.query(
        'set auto_explain.log_min_duration = 0; set auto_explain.log_nested_statements = on; set client_min_messages = log',
      );
      const claims = JSON.stringify({
        sub: data.bigMerchant.userId,
        role: 'authenticated',
        aud: 'authenticated',
        email: data.bigMerchant.email,
      });
      const rows: Record<string, string | number>[] = [];
      const offenders: string[] = [];
      for (const path of readPaths(data, profile).filter((read) => read.who === 'merchant')) {
        const narrowed = !wholeSalon.has(path.name);
        const keys = Object.keys(path.args);
        const sql = `select * from api.${path.name}(${keys.map((key, index) => `${key} => $${index + 1}`).join(', ')})`;
        await client.query('begin');
        await client.query(
          "select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)",
          [claims],
        );
        logged.length = 0;
        await client.query(
          sql,
          keys.map((key) => path.args[key]),
        );
        await client.query('commit');
        const scans = scansOf(logged.filter((message) => message.includes('plan:')));
        const sequential = bigTables.filter((table) =>
          [...(scans.get(table) ?? [])].some((kind) => kind.includes('Seq Scan')),
        );
        if (narrowed && sequential.length > 0) offenders.push(`${path.call}: ${sequential.join(', ')}`);
        // BENCH_PLANS_VERBOSE=1: the plans of a narrowed path that reads a big table sequentially.
        if (narrowed && sequential.length > 0 && process.env.BENCH_PLANS_VERBOSE)
          console.error(logged.filter((message) => message.includes('Seq Scan')).join('\n'));
        rows.push({
          call: path.call,
          statements: logged.filter((message) => message.includes('plan:')).length,
          ...Object.fromEntries(
            ['movements', 'credit_ledger', 'reservations', 'clients', 'client_statistics'].map((table) => [
              table,
              [...(scans.get(table) ?? [])].join(' + ') || '—',
            ]),
          ),
          verdict: narrowed ? (sequential.length ? 'SEQUENTIAL' : 'ok') : 'whole salon',
        });
      }
      if (offenders.length > 0) {
        console.table(rows);
        throw new Error(`Narrowed read paths read a big table sequentially: ${offenders.join('; ')}`);
      }
      return rows;
    } finally {
      await client.end();
    }
  } finally {
    await postgres.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
