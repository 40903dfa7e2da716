import { randomUUID } from 'node:crypto';
import type { RealtimeChannel, RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../../server/jwt/jwt.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

const fixtures = new URL('../fixtures/realtime-migrations', import.meta.url).pathname;

type Row = Record<string, unknown>;

/** Resolves with the first value pushed, or rejects after a few seconds. */
function firstOf<T>(what: string): { push: (value: T) => void; promise: Promise<T> } {
  let push: (value: T) => void = () => undefined;
  const promise = new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`No ${what} within 5 s`)), 5000);
    push = (value) => {
      clearTimeout(timer);
      resolve(value);
    };
  });
  return { push: (value) => push(value), promise };
}

function subscribeStatus(channel: RealtimeChannel): Promise<{ status: string; message?: string }> {
  return new Promise((resolve) => {
    channel.subscribe((status, error) => resolve({ status, message: error?.message }));
  });
}

describe('realtime tokens: checked at join, replaced by access_token, enforced at expiry', () => {
  let server: TestServer;
  const alice = randomUUID();

  const insertItem = (owner: string, body: string) =>
    server.server.context.db.query('insert into public.items (owner, body) values ($1, $2)', [owner, body]);

  beforeAll(async () => {
    server = await startTestServer({ migrationFolders: [fixtures] });
  });
  afterAll(() => server?.stop());

  it('refuses a join with an expired token', async () => {
    const client = server.client();
    await client.realtime.setAuth(await server.token({ sub: alice, role: 'authenticated' }, -10));
    const channel = client.channel('expired');
    const result = await subscribeStatus(channel);
    expect(result.status).toBe('CHANNEL_ERROR');
    expect(result.message).toMatch(/Token has expired/);
    await client.removeChannel(channel);
  });

  it('refuses a join with a token lacking exp or signed with another secret', async () => {
    for (const token of [
      await signJwt({ sub: alice, role: 'authenticated' }, server.jwtSecret),
      await signJwt(
        { sub: alice, role: 'authenticated' },
        'another-secret-another-secret-another-secret',
        60,
      ),
    ]) {
      const client = server.client();
      await client.realtime.setAuth(token);
      const channel = client.channel(`refused-${randomUUID()}`);
      expect((await subscribeStatus(channel)).status).toBe('CHANNEL_ERROR');
      await client.removeChannel(channel);
    }
  });

  it('switches to the claims of a new access_token', async () => {
    const client = server.client();
    const received = firstOf<RealtimePostgresChangesPayload<Row>>('change');
    const channel = client
      .channel('upgrade')
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'items' }, received.push);
    expect((await subscribeStatus(channel)).status).toBe('SUBSCRIBED');

    // Alice's own socket sees every change of hers; changes are delivered one after the other, so once
    // it has the marker, the anonymous check of the change before it is over.
    const observer = server.client();
    await observer.realtime.setAuth(await server.token({ sub: alice, role: 'authenticated' }));
    const observed = firstOf<RealtimePostgresChangesPayload<Row>>('marker');
    const watching = observer
      .channel('observer')
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'items', filter: 'body=eq.segnale' },
        observed.push,
      );
    expect((await subscribeStatus(watching)).status).toBe('SUBSCRIBED');
    await insertItem(alice, 'prima del login');
    await insertItem(alice, 'segnale');
    await observed.promise;

    await client.realtime.setAuth(await server.token({ sub: alice, role: 'authenticated' }));
    // A later join on the same socket is answered only after the access_token before it was handled.
    const marker = client.channel('marker');
    expect((await subscribeStatus(marker)).status).toBe('SUBSCRIBED');
    await insertItem(alice, 'dopo il login');

    expect((await received.promise).new).toMatchObject({ body: 'dopo il login' });
    await Promise.all([client.removeAllChannels(), observer.removeAllChannels()]);
  });

  it('closes the channel with a system message when an access_token is invalid', async () => {
    const client = server.client();
    await client.realtime.setAuth(await server.token({ sub: alice, role: 'authenticated' }));
    const system = firstOf<Row>('system message');
    const joined = firstOf<string>('subscription');
    const closed = firstOf<string>('close');
    const channel = client.channel('revoked').on('system', {}, system.push);
    channel.subscribe((status) => {
      if (status === 'SUBSCRIBED') joined.push(status);
      if (status === 'CLOSED') closed.push(status);
    });
    await joined.promise;
    await client.realtime.setAuth('not-a-jwt');
    expect(await system.promise).toMatchObject({
      extension: 'system',
      status: 'error',
      message: 'Invalid JWT Token',
    });
    expect(await closed.promise).toBe('CLOSED');
    await client.removeAllChannels();
  });

  it('closes the channel when its token expires', async () => {
    const client = server.client();
    await client.realtime.setAuth(await server.token({ sub: alice, role: 'authenticated' }, 2));
    const system = firstOf<Row>('system message');
    const channel = client.channel('expiring').on('system', {}, system.push);
    expect((await subscribeStatus(channel)).status).toBe('SUBSCRIBED');
    expect(await system.promise).toMatchObject({
      extension: 'system',
      status: 'error',
      message: expect.stringMatching(/^Token has expired \d+ seconds ago$/),
    });
    await client.removeAllChannels();
  });
});
