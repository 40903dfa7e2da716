// 2,000 live subscribers: fifty salons, each with forty signed-in customers watching their screens'
// channels (Crediti: her client row; Prenota: her reservations) and the salon watching its
// reservations. The salons and customers are written in SQL; the server then runs as its own process.
// A burst of 50 changes, one customer of each salon changing her phone, must reach each customer it
// concerns, while every other subscription is checked and skipped; an unrelated rpc runs beside it.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { defaultMigrationsFolder, loadConfig } from '../server/config.ts';
import { signJwt } from '../server/jwt/jwt.ts';
import { createKeys } from '../server/jwt/keys.ts';
import { startServer } from '../server/start.ts';
import { createThrowawayPostgres } from '../scripts/throwaway-postgres.ts';
import { within } from '../tests/support/realtime.ts';
import type { TestClient } from '../tests/support/test-server.ts';
import { ms, percentile, Subscriber } from './realtime.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

const jwtSecret = 'bench-jwt-secret-with-at-least-32-characters';
const salonCount = Number(process.env.BENCH_CROWD_SALONS ?? 50);
const customersPerSalon = 40;
const singleChanges = 10;

interface Salon {
  id: string;
  userId: string;
  slug: string;
  customers: { id: string; userId: string }[];
}

const letters = (index: number) =>
  String.fromCharCode(65 + Math.floor(index / 26)) + String.fromCharCode(65 + (index % 26));

function plan(): Salon[] {
  return Array.from({ length: salonCount }, (_, index) => ({
    id: randomUUID(),
    userId: randomUUID(),
    slug: `folla${index}`,
    customers: Array.from({ length: customersPerSalon }, () => ({ id: randomUUID(), userId: randomUUID() })),
  }));
}

/** The salons, their customers and their accounts, in a few set-based statements. */
async function seed(db: Awaited<ReturnType<typeof startServer>>['context']['db'], salons: Salon[]) {
  const customers = salons.flatMap((salon, s) =>
    salon.customers.map((customer, c) => ({ ...customer, salon, s, c })),
  );
  const users = [
    ...salons.map((salon) => ({ id: salon.userId, email: `${salon.slug}@folla.test` })),
    ...customers.map((customer) => ({
      id: customer.userId,
      email: `c${customer.s}-${customer.c}@folla.test`,
    })),
  ];
  await db.transaction(async (tx) => {
    await tx.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
         raw_app_meta_data, raw_user_meta_data, confirmation_token, recovery_token, email_change_token_new,
         email_change, email_change_token_current, phone_change, phone_change_token, reauthentication_token)
       select '00000000-0000-0000-0000-000000000000', u.id, 'authenticated', 'authenticated', u.email, '',
              now(), '{"provider":"email","providers":["email"]}', '{}', '', '', '', '', '', '', '', ''
         from unnest($1::uuid[], $2::text[]) as u (id, email)`,
      [users.map((user) => user.id), users.map((user) => user.email)],
    );
    await tx.query(
      `insert into app.merchants (id, user_id, slug, name, email, phone, code_prefix)
       select m.id, m.user_id, m.slug, 'Salone ' || m.slug, m.slug || '@folla.test', '0600000000', 'RT' || m.prefix
         from unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[]) as m (id, user_id, slug, prefix)`,
      [
        salons.map((salon) => salon.id),
        salons.map((salon) => salon.userId),
        salons.map((salon) => salon.slug),
        salons.map((_, index) => letters(index)),
      ],
    );
    await tx.query('insert into app.percentages (merchant_id) select unnest($1::uuid[])', [
      salons.map((salon) => salon.id),
    ]);
    await tx.query(
      `insert into app.clients (id, merchant_id, code, name, email, user_id, generation)
       select c.id, c.merchant_id, c.code, 'Cliente ' || c.code, lower(c.code) || '@folla.test', c.user_id, 0
         from unnest($1::uuid[], $2::uuid[], $3::text[], $4::uuid[]) as c (id, merchant_id, code, user_id)`,
      [
        customers.map((customer) => customer.id),
        customers.map((customer) => customer.salon.id),
        customers.map((customer) => `RT${letters(customer.s)}${String(customer.c + 1).padStart(5, '0')}`),
        customers.map((customer) => customer.userId),
      ],
    );
  });
}

async function crowd(server: ServerProcess, salons: Salon[]) {
  const { anonKey } = await createKeys(jwtSecret);
  const token = (sub: string) =>
    signJwt({ sub, role: 'authenticated', aud: 'authenticated' }, jwtSecret, 3600);
  const clientOf = async (sub: string) =>
    createClient(server.url, anonKey, {
      db: { schema: 'api' },
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { headers: { Authorization: `Bearer ${await token(sub)}` } },
    }) as TestClient;
  // One customer of each salon changes her phone; her Crediti channel must have it.
  const changers = await Promise.all(
    salons.map(async (salon) => ({
      salon,
      customer: salon.customers[0]!,
      client: await clientOf(salon.customers[0]!.userId),
    })),
  );

  const subscribers = new Map<string, Subscriber>();
  const sockets: Subscriber[] = [];
  let phones = 0;
  const change = async (changer: (typeof changers)[number]) => {
    phones += 1;
    const phone = `06${String(20_000_000 + phones)}`;
    const { error } = await changer.client.rpc('update_client_phone', {
      merchant_slug: changer.salon.slug,
      phone,
    });
    if (error) throw new Error(error.message);
    return { phone, subscriber: subscribers.get(changer.customer.id) };
  };
  const delivered = (sent: { phone: string; subscriber?: Subscriber }) =>
    within(sent.subscriber!.received(sent.phone), 120_000, `change ${sent.phone}`);
  const unrelatedClient = await clientOf(salons.at(-1)!.customers.at(-1)!.userId);
  const unrelated = async () => {
    const started = performance.now();
    const { error } = await unrelatedClient.rpc('whoami');
    if (error) throw new Error(error.message);
    return performance.now() - started;
  };
  /**
   * One change a salon, all sent at once; beside them the unrelated rpc, one call after another from
   * the first change's answer until every change is answered and, with subscribers, delivered.
   */
  const burst = async (subscribed: boolean) => {
    const started = performance.timeOrigin + performance.now();
    const sends = changers.map((changer) => change(changer));
    const answered = Promise.all(sends).then(() => performance.timeOrigin + performance.now());
    const arriving = subscribed ? Promise.all(sends.map(async (sent) => delivered(await sent))) : answered;
    let over = false;
    void Promise.all([answered, arriving]).then(() => (over = true));
    const beside = Promise.race(sends).then(async () => {
      const times: number[] = [];
      do times.push(await unrelated());
      while (!over);
      return times.sort((a, b) => a - b);
    });
    const arrivals = await arriving;
    const times = await beside;
    return {
      answeredMs: (await answered) - started,
      lastDeliveryMs: (Array.isArray(arrivals) ? Math.max(...arrivals) : arrivals) - started,
      beside: `${ms(percentile(times, 0.5))} / ${ms(times.at(-1)!)} (${times.length})`,
    };
  };

  // Warm-up: the server's later bursts answer faster than its first ones, whatever the sockets.
  for (let round = 0; round < 3; round += 1) await burst(false);
  const rssWithoutSockets = server.memory().rssMb;

  const opened = performance.now();
  const open = async (sub: string, topic: string, bindings: Parameters<typeof Subscriber.open>[3]) => {
    const subscriber = await Subscriber.open(server.url, await token(sub), topic, bindings);
    sockets.push(subscriber);
    return subscriber;
  };
  const work = salons.flatMap((salon) => [
    () =>
      open(salon.userId, `reservations-${salon.id}`, [
        { event: '*', schema: 'app', table: 'reservations', filter: `merchant_id=eq.${salon.id}` },
      ]),
    ...salon.customers.map((customer) => async () => {
      subscribers.set(
        customer.id,
        await open(customer.userId, `client-${customer.id}`, [
          { event: 'UPDATE', schema: 'app', table: 'clients', filter: `id=eq.${customer.id}` },
          { event: '*', schema: 'app', table: 'reservations', filter: `client_id=eq.${customer.id}` },
        ]),
      );
    }),
  ]);
  for (let index = 0; index < work.length; index += 50) {
    await Promise.all(work.slice(index, index + 50).map((step) => step()));
  }
  const openSeconds = (performance.now() - opened) / 1000;

  try {
    await delivered(await change(changers[0]!)); // warm-up
    const idle: number[] = [];
    for (let index = 0; index < 5; index += 1) idle.push(await unrelated());
    idle.sort((a, b) => a - b);
    const latencies: number[] = [];
    for (let index = 0; index < singleChanges; index += 1) {
      const sent = performance.timeOrigin + performance.now();
      latencies.push((await delivered(await change(changers[index % changers.length]!))) - sent);
    }
    latencies.sort((a, b) => a - b);
    const withSockets = await burst(true);
    const rss = server.memory().rssMb;
    // The same burst once the sockets are closed: what the rpc beside it waits for with nothing to fan out.
    for (const subscriber of sockets.splice(0)) subscriber.close();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const withoutSockets = await burst(false);
    return {
      sockets: work.length,
      'open s': Number(openSeconds.toFixed(1)),
      'p50 ms': ms(percentile(latencies, 0.5)),
      'max ms': ms(latencies.at(-1)!),
      'burst: answered ms': ms(withSockets.answeredMs),
      'last delivery ms': ms(withSockets.lastDeliveryMs),
      'rpc idle ms': ms(percentile(idle, 0.5)),
      'rpc beside burst p50 / max (calls)': withSockets.beside,
      'same, no socket': withoutSockets.beside,
      'burst answered, no socket ms': ms(withoutSockets.answeredMs),
      'RSS MB, no socket': rssWithoutSockets,
      'RSS MB': rss,
    };
  } finally {
    for (const subscriber of sockets) subscriber.close();
  }
}

/** The crowd on one database: seeded in this process, measured against the server as its own process. */
export async function benchRealtimeCrowd(kind: 'pglite' | 'postgres') {
  const folder = mkdtempSync(join(tmpdir(), 'passaparola-bench-crowd-'));
  const postgres = kind === 'postgres' ? await createThrowawayPostgres() : undefined;
  try {
    const salons = plan();
    const seeding = await startServer(
      {
        ...loadConfig({}),
        mailPort: 0,
        port: 0,
        host: '127.0.0.1',
        dataDir: folder,
        jwtSecret,
        databaseUrl: postgres?.url,
        migrationFolders: [defaultMigrationsFolder],
        staticDir: undefined,
      },
      { persistData: kind === 'pglite' },
    );
    try {
      await seed(seeding.context.db, salons);
    } finally {
      await seeding.stop();
    }
    const server = await startServerProcess({
      ...(postgres ? { databaseUrl: postgres.url } : { dataDir: folder }),
      jwtSecret,
    });
    try {
      return { database: kind, ...(await crowd(server, salons)) };
    } finally {
      await server.stop();
    }
  } finally {
    await postgres?.drop();
    rmSync(folder, { recursive: true, force: true });
  }
}
