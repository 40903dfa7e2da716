import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { subscribed } from '../../support/realtime.ts';

const fixtures = new URL('../fixtures/realtime-migrations', import.meta.url).pathname;

/** A raw socket that hands out the frames it receives, each within a bounded wait. */
async function openSocket(url: string): Promise<{ socket: WebSocket; next(): Promise<unknown> }> {
  const socket = new WebSocket(url);
  const frames: unknown[] = [];
  const waiting: ((frame: unknown) => void)[] = [];
  socket.on('message', (data) => {
    const frame: unknown = JSON.parse(String(data));
    const waiter = waiting.shift();
    if (waiter) waiter(frame);
    else frames.push(frame);
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  return {
    socket,
    next: () =>
      frames.length > 0
        ? Promise.resolve(frames.shift())
        : new Promise((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error('No frame within 5 s')), 5000);
            waiting.push((frame) => {
              clearTimeout(timer);
              resolve(frame);
            });
          }),
  };
}

function upgradeStatus(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    socket.once('open', () => {
      socket.close();
      resolve(101);
    });
    socket.once('error', reject);
  });
}

describe('the Phoenix protocol at /realtime/v1/websocket', () => {
  let server: TestServer;
  let socketUrl: string;

  beforeAll(async () => {
    server = await startTestServer({ migrationFolders: [fixtures] });
    socketUrl = `${server.url.replace('http', 'ws')}/realtime/v1/websocket`;
  });
  afterAll(() => server?.stop());

  it('refuses the upgrade without a valid api key', async () => {
    expect(await upgradeStatus(`${socketUrl}?vsn=2.0.0`)).toBe(401);
    expect(await upgradeStatus(`${socketUrl}?apikey=not-a-jwt&vsn=2.0.0`)).toBe(401);
    expect(await upgradeStatus(`${socketUrl}?apikey=${server.anonKey}&vsn=2.0.0`)).toBe(101);
  });

  it('answers heartbeats and joins in array frames (vsn 2.0.0)', async () => {
    const { socket, next } = await openSocket(`${socketUrl}?apikey=${server.anonKey}&vsn=2.0.0`);
    socket.send(JSON.stringify([null, '1', 'phoenix', 'heartbeat', {}]));
    expect(await next()).toEqual([null, '1', 'phoenix', 'phx_reply', { status: 'ok', response: {} }]);

    const binding = { event: 'INSERT', schema: 'public', table: 'announcements' };
    socket.send(
      JSON.stringify(['2', '2', 'realtime:raw', 'phx_join', { config: { postgres_changes: [binding] } }]),
    );
    expect(await next()).toEqual([
      '2',
      '2',
      'realtime:raw',
      'phx_reply',
      { status: 'ok', response: { postgres_changes: [{ ...binding, id: expect.any(Number) }] } },
    ]);
    expect(await next()).toMatchObject([null, null, 'realtime:raw', 'system', { status: 'ok' }]);

    socket.send(JSON.stringify([null, '3', 'realtime:elsewhere', 'presence', {}]));
    expect(await next()).toMatchObject([null, '3', 'realtime:elsewhere', 'phx_reply', { status: 'error' }]);
    socket.send(JSON.stringify(['2', '4', 'realtime:raw', 'phx_leave', {}]));
    expect(await next()).toEqual(['2', '4', 'realtime:raw', 'phx_reply', { status: 'ok', response: {} }]);
    socket.close();
  });

  it('speaks object frames to vsn 1.0.0 clients', async () => {
    const { socket, next } = await openSocket(`${socketUrl}?apikey=${server.anonKey}&vsn=1.0.0`);
    socket.send(
      JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '9', join_ref: null }),
    );
    expect(await next()).toEqual({
      topic: 'phoenix',
      event: 'phx_reply',
      payload: { status: 'ok', response: {} },
      ref: '9',
      join_ref: null,
    });
    socket.close();
  });

  it('relays client broadcasts, sent as binary frames, to the other subscribers of the topic', async () => {
    const sender = server.client();
    const listener = server.client();
    const received = new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('No broadcast within 5 s')), 5000);
      listener.channel('salone').on('broadcast', { event: 'saluto' }, (message) => {
        clearTimeout(timer);
        resolve(message);
      });
    });
    const sending = sender.channel('salone');
    await Promise.all([subscribed(listener.getChannels()[0]!), subscribed(sending)]);
    expect(await sending.send({ type: 'broadcast', event: 'saluto', payload: { testo: 'ciao' } })).toBe('ok');
    expect(await received).toMatchObject({ event: 'saluto', payload: { testo: 'ciao' } });
    await Promise.all([sender.removeAllChannels(), listener.removeAllChannels()]);
  });
});
