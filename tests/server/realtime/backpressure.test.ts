import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { PhoenixSocket, within, type PhoenixFrame } from '../../support/realtime.ts';

const fixtures = new URL('../fixtures/realtime-migrations', import.meta.url).pathname;

const insertAnnouncements = { event: 'INSERT', schema: 'public', table: 'announcements' };
const pause = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** The id of the announcement a postgres_changes frame carries. */
function announcementId(frame: PhoenixFrame): number {
  expect(frame[3]).toBe('postgres_changes');
  const data = frame[4].data as { table: string; type: string; record: { id: number } };
  expect(data).toMatchObject({ table: 'announcements', type: 'INSERT' });
  return data.record.id;
}

describe('a socket that stops sending heartbeats', () => {
  // Short enough to observe, long enough that a busy CI machine does not starve the well-behaved client.
  const heartbeatTimeoutMs = 3000;
  let server: TestServer;
  const sockets: PhoenixSocket[] = [];

  beforeAll(async () => {
    server = await startTestServer({
      migrationFolders: [fixtures],
      config: { realtime: { heartbeatTimeoutMs } },
    });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await server?.stop();
  });

  it('is dropped after the heartbeat timeout while a live client keeps receiving changes', async () => {
    const live = await PhoenixSocket.open(server.url, server.anonKey);
    const silent = await PhoenixSocket.open(server.url, server.anonKey);
    sockets.push(live, silent);
    live.startHeartbeats(250);
    await live.join('heartbeat-live', [insertAnnouncements]);
    await silent.join('heartbeat-silent', [insertAnnouncements]);

    let dropped = false;
    void silent.closed.then(() => (dropped = true));
    const insertAndReceive = async (id: number) => {
      await server.server.context.db.query("insert into public.announcements values ($1, 'Promo')", [id]);
      expect(announcementId(await live.frames.next(`announcement ${id}`, 10_000))).toBe(id);
    };

    // Changes keep flowing to the live client, one after the other, until the silent one is gone.
    const flowing = (async () => {
      let id = 0;
      while (!dropped) {
        await insertAndReceive(++id);
        await pause(200);
      }
      return id;
    })();
    flowing.catch(() => undefined); // awaited below; a failure is reported there
    expect(await within(silent.closed, 20_000, 'drop of the silent socket')).toBe(1006);
    const sent = await within(flowing, 20_000, 'end of the flow of changes');
    expect(sent).toBeGreaterThan(0);

    // The live client is still connected and subscribed.
    expect(live.isOpen).toBe(true);
    await insertAndReceive(sent + 1);
    expect(live.isOpen).toBe(true);
  });
});

describe('a socket that stops reading', () => {
  const maxBufferedBytes = 256 * 1024;
  // Each change is sent once to the well-behaved client and once per channel to the slow one, which
  // multiplies what it is owed well beyond what the kernel's socket buffers absorb (a few MiB).
  const changes = 60;
  const bodyBytes = 64 * 1024;
  const slowChannels = 8;
  let server: TestServer;
  const sockets: PhoenixSocket[] = [];

  beforeAll(async () => {
    server = await startTestServer({
      migrationFolders: [fixtures],
      config: { realtime: { maxBufferedBytes } },
    });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await server?.stop();
  });

  it('is dropped once its buffer exceeds the cap, and never stalls delivery to the others', async () => {
    const reader = await PhoenixSocket.open(server.url, server.anonKey);
    const slow = await PhoenixSocket.open(server.url, server.anonKey);
    sockets.push(reader, slow);
    await reader.join('flood-reader', [insertAnnouncements]);
    for (let channel = 0; channel < slowChannels; channel++) {
      await slow.join(`flood-slow-${channel}`, [insertAnnouncements]);
    }
    slow.socket.pause();

    const body = 'x'.repeat(bodyBytes);
    const received: number[] = [];
    const reading = (async () => {
      while (received.length < changes) {
        received.push(announcementId(await reader.frames.next(`change ${received.length + 1}`, 15_000)));
      }
    })();
    reading.catch(() => undefined); // awaited below; a failure is reported there
    const db = server.server.context.db;
    for (let id = 1; id <= changes; id++) {
      await db.query('insert into public.announcements values ($1, $2)', [id, body]);
    }
    await reading;

    // Every change reached the reader, in commit order, and nothing more.
    expect(received).toEqual(Array.from({ length: changes }, (_, index) => index + 1));
    expect(reader.frames.pending).toBe(0);
    expect(reader.isOpen).toBe(true);

    // The slow client gets what the kernel held for it, then finds the connection cut short.
    slow.socket.resume();
    expect(await within(slow.closed, 10_000, 'drop of the slow socket')).toBe(1006);
    expect(slow.frames.pending).toBeLessThan(changes * slowChannels);

    // The server goes on serving the reader.
    await db.query("insert into public.announcements values ($1, 'Ultima')", [changes + 1]);
    expect(announcementId(await reader.frames.next('the last change', 10_000))).toBe(changes + 1);
  });
});
