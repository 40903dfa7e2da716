// `npm run bench`: every benchmark, side by side, with the machine it ran on.
// BENCH_SCALE=tiny|small|large picks the loyalty data size (small by default; see bench/generate.ts).
// PostgreSQL joins PGlite in every table when TEST_DATABASE_URL is set; BENCH_DATABASE=postgres|pglite runs one.
// BENCH_ONLY=rpc,loyalty,plans,realtime,crowd,cold-start,booking,waitlist runs those sections only (plans:
// PostgreSQL only; crowd: 2,000 live subscribers of fifty salons; booking: free times of a busy salon;
// waitlist: the matching when a slot frees, beside its floor);
// BENCH_ONLY=reads runs the loyalty reads alone (no purchases, no data check, no old-approach rows),
// BENCH_READS=pending,one client only the reads whose name contains one of those, BENCH_READ_ROUNDS=N
// that many rounds of each, BENCH_COMPARE_WITH=/other/checkout its server too, in the same rounds, and
// BENCH_READ_SPLIT=1 each call also by a plain fetch, compressed and not (see bench/loyalty.ts).
import { cpus, totalmem } from 'node:os';
import { benchBusySalon } from './busy-salon.ts';
import { benchColdStart, benchColdStartSteps } from './cold-start.ts';
import { profileFromEnvironment } from './generate.ts';
import { benchLoyalty } from './loyalty.ts';
import { benchPlans } from './plans.ts';
import { benchRealtime } from './realtime.ts';
import { benchRealtimeCrowd } from './realtime-crowd.ts';
import { benchRpcOverhead } from './rpc-overhead.ts';
import { benchWaitlist, waitlistTitle } from './waitlist.ts';

const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const profile = profileFromEnvironment();
const only = new Set(
  (process.env.BENCH_ONLY ?? 'rpc,loyalty,plans,realtime,crowd,cold-start,booking,waitlist').split(','),
);
const databases = (['pglite', 'postgres'] as const).filter(
  (kind) =>
    (kind === 'pglite' || process.env.TEST_DATABASE_URL) &&
    (!process.env.BENCH_DATABASE || process.env.BENCH_DATABASE === kind),
);
const started = performance.now();
console.log(`Passaparola benchmarks — ${new Date().toISOString()} — ${machine} — scale ${profile.name}\n`);

if (only.has('rpc')) {
  console.log('rpc overhead: a trivial function, concurrency 4');
  console.table(await benchRpcOverhead());
}

if (only.has('loyalty') || only.has('reads')) {
  const loyalty = await benchLoyalty(profile);
  console.log('\nGenerated data (seeded; ledger recomputed in SQL and checked)');
  console.table(loyalty.generation);
  if (loyalty.purchases.length > 0) {
    console.log(
      '\napi.register_purchase, buyer at the end of a sponsor chain 4 deep (8 chains, taken in turn)',
    );
    console.table(loyalty.purchases);
  }
  console.log('\nRead paths through supabase.rpc over HTTP (server process on the generated data)');
  console.table(loyalty.reads);
  console.log('\nServer process: start on an existing database, memory after the reads');
  console.table(loyalty.server);
}

if (only.has('plans') && databases.includes('postgres')) {
  console.log(
    '\nQuery plans of the read paths on PostgreSQL (auto_explain, nested statements): how each big table is read',
  );
  console.table(await benchPlans(profile));
}

if (only.has('realtime')) {
  console.log(
    '\nRealtime fan-out: sessions of one merchant (own JWT each) follow app.clients; per-session = the earlier check',
  );
  console.table(await benchRealtime([...databases]));
}

if (only.has('booking')) {
  const busy = await benchBusySalon([...databases]);
  console.log(
    '\nFree times of a busy salon (8 operators, 4 resources, 40 treatments, a month booked), p50/p95 of 20 rounds',
  );
  console.table(busy.freeTimes);
  console.log('\n100 simultaneous confirms of overlapping requests for one resource (8 operators)');
  console.table(busy.confirms);
}

if (only.has('waitlist')) {
  console.log(`\n${waitlistTitle}`);
  console.table(await benchWaitlist([...databases]));
}

if (only.has('crowd')) {
  console.log(
    '\n2,000 live subscribers: 50 salons × (40 customers on two channels + the salon); a burst of 50 changes, one a salon',
  );
  const rows = [];
  for (const kind of databases) rows.push(await benchRealtimeCrowd(kind));
  console.table(rows);
}

if (only.has('cold-start') && databases.includes('pglite')) {
  console.log('\nCold start on PGlite: server process, spawn → /auth/v1/health 200, RSS 2 s later');
  console.table(await benchColdStart());
  console.log('\nWhere a fresh start goes (in this process)');
  console.table(await benchColdStartSteps());
}
console.log(`\nTotal ${((performance.now() - started) / 60_000).toFixed(1)} min`);
