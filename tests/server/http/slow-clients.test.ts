import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PhoenixSocket, within } from '../../support/realtime.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

/** A raw connection that records what the server sends and when it ends the connection. */
function rawConnection(url: string) {
  const { hostname, port } = new URL(url);
  const socket: Socket = connect(Number(port), hostname);
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString()));
  socket.on('error', () => undefined);
  const startedAt = Date.now();
  const ended = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - startedAt)));
  return { socket, ended, received: () => received };
}

/** Writes `text` one byte every `everyMs` until done or the socket is gone. */
async function dribble(socket: Socket, text: string, everyMs: number) {
  for (const byte of text) {
    if (socket.destroyed || !socket.writable) return;
    socket.write(byte);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

describe('slow clients, with the timeouts lowered for this test', () => {
  let server: TestServer;
  const limits = {
    requestTimeoutMs: 1_500,
    headersTimeoutMs: 1_000,
    idleTimeoutMs: 2_000,
    keepAliveTimeoutMs: 800,
  };
  beforeAll(async () => {
    server = await startTestServer({ migrationFolders: [], config: { http: limits } });
  });
  afterAll(() => server?.stop());

  it('closes a request whose body trickles in, with 408, within the request timeout', async () => {
    const connection = rawConnection(server.url);
    const body = JSON.stringify({ note: 'x'.repeat(80) });
    connection.socket.write(
      `POST /rest/v1/rpc/x HTTP/1.1\r\nHost: localhost\r\napikey: ${server.anonKey}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    // The whole body would take ~20 s at this pace.
    void dribble(connection.socket, body, 200);
    const elapsed = await within(connection.ended, 6_000, 'close of the slow request');
    expect(elapsed).toBeGreaterThanOrEqual(limits.requestTimeoutMs - 100);
    expect(elapsed).toBeLessThan(limits.requestTimeoutMs + 3_000);
    expect(connection.received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a connection whose headers trickle in within the headers timeout', async () => {
    const connection = rawConnection(server.url);
    void dribble(
      connection.socket,
      `GET /auth/v1/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ${'y'.repeat(100)}`,
      200,
    );
    const elapsed = await within(connection.ended, 6_000, 'close of the slow headers');
    expect(elapsed).toBeLessThan(limits.headersTimeoutMs + 3_000);
    expect(connection.received()).not.toMatch(/^HTTP\/1\.1 200/);
  });

  it('closes a kept-alive connection that sends nothing more after the keep-alive timeout', async () => {
    const connection = rawConnection(server.url);
    connection.socket.write(
      'GET /auth/v1/health HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n',
    );
    const elapsed = await within(connection.ended, 6_000, 'close of the idle kept-alive connection');
    expect(connection.received()).toMatch(/^HTTP\/1\.1 200/);
    expect(elapsed).toBeLessThan(limits.keepAliveTimeoutMs + 3_000);
  });

  it('leaves a quiet realtime websocket open past every one of these timeouts', async () => {
    const socket = await PhoenixSocket.open(server.url, server.anonKey);
    try {
      await new Promise((resolve) => setTimeout(resolve, limits.idleTimeoutMs + 1_000));
      expect(socket.isOpen).toBe(true);
      const ref = socket.push('realtime:quiet', 'phx_join', { config: {} }, '1');
      const reply = await socket.frames.next('join reply');
      expect(reply.slice(1, 4)).toEqual([ref, 'realtime:quiet', 'phx_reply']);
    } finally {
      socket.close();
    }
  });
});
