// Realtime fan-out: N sessions of one merchant (each its own JWT, so its own claims) follow UPDATEs of
// app.clients while the merchant's client changes its phone through the API. The server runs as its own
// process, once with the batched visibility check and once with the earlier per-session one
// (REALTIME_VISIBILITY_CHECK=per-session), on the same kind of fresh database.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { signJwt } from '../server/jwt/jwt.ts';
import { createThrowawayPostgres } from '../scripts/throwaway-postgres.ts';
import { within } from '../tests/support/realtime.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

const jwtSecret = 'bench-jwt-secret-with-at-least-32-characters';
const adminEmail = 'admin@bench.test';
const adminPassword = 'password-bench-123';
const singleChanges = 10;
const burstConcurrency = 8;

type Check = 'batched' | 'per-session';
/** BENCH_REALTIME_CHECKS=batched (or per-session) runs one check only. */
const checks = (process.env.BENCH_REALTIME_CHECKS ?? 'batched,per-session')
  .split(',')
  .filter((check): check is Check => check === 'batched' || check === 'per-session');

/** One postgres_changes binding of a channel, as realtime-js sends it. */
export interface Binding {
  event: string;
  schema: string;
  table: string;
  filter?: string;
}

/** A Phoenix socket that counts the postgres_changes it receives and when. */
export class Subscriber {
  /** Receipt time minus the change's commit_timestamp, per change id (the phone it carries). */
  readonly arrivals = new Map<string, number>();
  private waiters: (() => void)[] = [];

  private readonly socket: WebSocket;

  private constructor(socket: WebSocket) {
    this.socket = socket;
    socket.on('message', (data) => {
      const [, , , event, payload] = JSON.parse(String(data)) as [
        unknown,
        unknown,
        string,
        string,
        { data?: { commit_timestamp: string; record: { phone: string } } },
      ];
      if (event !== 'postgres_changes' || !payload.data?.record.phone) return;
      this.arrivals.set(payload.data.record.phone, performance.timeOrigin + performance.now());
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  static async open(
    url: string,
    token: string,
    topic: string,
    bindings: Binding[] = [{ event: 'UPDATE', schema: 'app', table: 'clients' }],
  ): Promise<Subscriber> {
    const socket = new WebSocket(
      `${url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${token}&vsn=2.0.0`,
    );
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const joined = new Promise<void>((resolve, reject) => {
      const onMessage = (data: WebSocket.RawData) => {
        const frame = JSON.parse(String(data)) as [unknown, unknown, string, string, { status?: string }];
        if (frame[3] !== 'system') return;
        socket.off('message', onMessage);
        if (frame[4].status === 'ok') resolve();
        else reject(new Error(JSON.stringify(frame)));
      };
      socket.on('message', onMessage);
    });
    const subscriber = new Subscriber(socket);
    socket.send(
      JSON.stringify(['1', '1', `realtime:${topic}`, 'phx_join', { config: { postgres_changes: bindings } }]),
    );
    await joined;
    // As realtime-js does every 25 s: a silent socket is dropped after 60 s.
    const heartbeat = setInterval(
      () => socket.send(JSON.stringify([null, 'hb', 'phoenix', 'heartbeat', {}])),
      20_000,
    );
    socket.once('close', () => clearInterval(heartbeat));
    return subscriber;
  }

  async received(phone: string): Promise<number> {
    for (;;) {
      const at = this.arrivals.get(phone);
      if (at !== undefined) return at;
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  close() {
    this.socket.terminate();
  }
}

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
export const ms = (value: number) => Number(value.toFixed(value < 10 ? 1 : 0));

async function setUp(server: ServerProcess) {
  const anonKey = await signJwt({ role: 'anon' }, jwtSecret, 3600);
  const options = {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  };
  const anonymous = createClient(server.url, anonKey, { ...options, db: { schema: 'api' } });
  const signIn = await anonymous.auth.signInWithPassword({ email: adminEmail, password: adminPassword });
  if (signIn.error) throw signIn.error;
  const as = (token: string) =>
    createClient(server.url, anonKey, {
      ...options,
      db: { schema: 'api' },
      global: { headers: { Authorization: `Bearer ${token}` } },
    });
  const created = await as(signIn.data.session.access_token).rpc('admin_create_merchant', {
    name: 'Salone Bench',
    phone: '0612345678',
    email: 'salone@bench.test',
    password: 'password-bench-123',
  });
  if (created.error) throw created.error;
  const merchant = created.data as { user_id: string; slug: string };
  const joined = await anonymous.rpc('join_merchant', {
    merchant_slug: merchant.slug,
    name: 'Maria Rossi',
    email: 'maria@bench.test',
    password: 'password-bench-123',
    phone: null,
    sponsor_code: null,
    privacy_accepted: true,
  });
  if (joined.error) throw joined.error;
  const clientUser = (joined.data as { user_id: string }).user_id;
  const claims = (sub: string) => ({
    sub,
    role: 'authenticated',
    aud: 'authenticated',
    session_id: randomUUID(),
  });
  const client = as(await signJwt(claims(clientUser), jwtSecret, 3600));
  const merchantToken = () => signJwt(claims(merchant.user_id), jwtSecret, 3600);
  let phones = 0;
  /** One UPDATE of app.clients; resolves with the phone it set, which names the change. */
  const change = async () => {
    phones += 1;
    const phone = `06${String(10_000_000 + phones)}`;
    const { error } = await client.rpc('update_client_phone', { merchant_slug: merchant.slug, phone });
    if (error) throw error;
    return phone;
  };
  const unrelated = async () => {
    const started = performance.now();
    const { error } = await client.rpc('whoami');
    if (error) throw error;
    return performance.now() - started;
  };
  return { merchantToken, change, unrelated };
}

async function fanOut(
  server: ServerProcess,
  subscriberCount: number,
  measureSingles: boolean,
  burstChanges: number,
) {
  const { merchantToken, change, unrelated } = await setUp(server);
  const subscribers: Subscriber[] = [];
  for (let index = 0; index < subscriberCount; index += 20) {
    const batch = Math.min(20, subscriberCount - index);
    subscribers.push(
      ...(await Promise.all(
        Array.from({ length: batch }, async (_, offset) =>
          Subscriber.open(server.url, await merchantToken(), `clients-${index + offset}`),
        ),
      )),
    );
  }
  try {
    const everyone = (phone: string) =>
      within(
        Promise.all(subscribers.map((subscriber) => subscriber.received(phone))),
        300_000,
        `change ${phone} at every subscriber`,
      );
    // Warm-up: caches of the catalog and the function signatures.
    await everyone(await change());
    const idle: number[] = [];
    for (let index = 0; index < 5; index += 1) idle.push(await unrelated());

    const latencies: number[] = [];
    if (measureSingles) {
      for (let index = 0; index < singleChanges; index += 1) {
        const sent = performance.timeOrigin + performance.now();
        const phone = await change();
        for (const at of await everyone(phone)) latencies.push(at - sent);
      }
    }
    latencies.sort((a, b) => a - b);

    const burstStarted = performance.timeOrigin + performance.now();
    const phones: string[] = [];
    let next = 0;
    const writers = Array.from({ length: burstConcurrency }, async () => {
      while (next < burstChanges) {
        next += 1;
        phones.push(await change());
      }
    });
    // An unrelated rpc while the burst fans out: after the first change reached someone.
    const firstWrite = (async () => {
      while (phones.length === 0) await new Promise((resolve) => setTimeout(resolve, 1));
      await subscribers[0]!.received(phones[0]!);
      return unrelated();
    })();
    await Promise.all(writers);
    const arrivals = await Promise.all(phones.map((phone) => everyone(phone)));
    const lastArrival = Math.max(...arrivals.flat());
    const duringBurst = await firstWrite;
    idle.sort((a, b) => a - b);
    return {
      'p50 ms': measureSingles ? ms(percentile(latencies, 0.5)) : '',
      'p99 ms': measureSingles ? ms(percentile(latencies, 0.99)) : '',
      burst: burstChanges,
      'burst: last delivery ms': ms(lastArrival - burstStarted),
      'rpc idle ms': ms(percentile(idle, 0.5)),
      'rpc during burst ms': ms(duringBurst),
    };
  } finally {
    for (const subscriber of subscribers) subscriber.close();
  }
}

async function runOn(
  kind: 'pglite' | 'postgres',
  check: Check,
  subscriberCount: number,
  measureSingles: boolean,
  burstChanges: number,
) {
  const folder = mkdtempSync(join(tmpdir(), 'passaparola-bench-realtime-'));
  const postgres = kind === 'postgres' ? await createThrowawayPostgres() : undefined;
  const server = await startServerProcess({
    ...(postgres ? { databaseUrl: postgres.url } : { dataDir: folder }),
    jwtSecret,
    environment: {
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
      REALTIME_VISIBILITY_CHECK: check,
    },
  });
  try {
    return {
      database: kind,
      check,
      subscribers: subscriberCount,
      ...(await fanOut(server, subscriberCount, measureSingles, burstChanges)),
    };
  } finally {
    await server.stop();
    await postgres?.drop();
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * 200 sessions on each database (latency of single changes, a burst of 50), then 500 on PGlite with a
 * burst of 10 (an unrelated rpc behind the fan-out). Each row is also printed when done.
 */
export async function benchRealtime(databases: ('pglite' | 'postgres')[]) {
  const plan: ['pglite' | 'postgres', number, boolean, number][] = databases.map((kind) => [
    kind,
    200,
    true,
    50,
  ]);
  if (databases.includes('pglite')) plan.push(['pglite', 500, false, 10]);
  const rows = [];
  for (const [kind, subscribers, singles, burst] of plan) {
    for (const check of checks) {
      const row = await runOn(kind, check, subscribers, singles, burst);
      console.error(JSON.stringify(row));
      rows.push(row);
    }
  }
  return rows;
}
