import { randomUUID } from 'node:crypto';
import { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, QueryOptions } from '../../../server/db/port.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { PhoenixSocket, within, type PhoenixFrame } from '../../support/realtime.ts';

const fixtures = new URL('../fixtures/realtime-migrations', import.meta.url).pathname;
const insertItems = { event: 'INSERT', schema: 'public', table: 'items' };
const insertAnnouncements = { event: 'INSERT', schema: 'public', table: 'announcements' };

/** The number of subscribers each statement calling _realtime.visible_rows checked while `work` ran. */
async function visibilityStatements(db: Database, work: () => Promise<void>): Promise<number[]> {
  const query = db.query;
  const checked: number[] = [];
  db.query = ((sql: string, params?: unknown[], options?: QueryOptions) => {
    if (sql.includes('_realtime.visible_rows'))
      checked.push((JSON.parse(String(params![3])) as unknown[]).length);
    return query(sql, params, options);
  }) as Database['query'];
  try {
    await work();
  } finally {
    db.query = query;
  }
  return checked;
}

/** An unmasked text frame's header: a WebSocket frame the server writes (JSON never starts so). */
const isServerFrame = (chunk: unknown) =>
  Buffer.isBuffer(chunk) && chunk[0] === 0x81 && (chunk[1]! & 0x80) === 0;

/** For each write to a TCP socket of this process while `work` ran, the server frames it carried. */
async function framesPerWrite(work: () => Promise<void>): Promise<number[]> {
  const prototype = Socket.prototype as unknown as {
    _write(chunk: unknown, encoding: string, callback: () => void): void;
    _writev(chunks: { chunk: unknown }[], callback: () => void): void;
  };
  const { _write: write, _writev: writev } = prototype;
  const writes: number[] = [];
  prototype._write = function (chunk, encoding, callback) {
    if (isServerFrame(chunk)) writes.push(1);
    write.call(this, chunk, encoding, callback);
  };
  prototype._writev = function (chunks, callback) {
    const frames = chunks.filter(({ chunk }) => isServerFrame(chunk)).length;
    if (frames > 0) writes.push(frames);
    writev.call(this, chunks, callback);
  };
  try {
    await work();
  } finally {
    prototype._write = write;
    prototype._writev = writev;
  }
  return writes;
}

const announcementId = (frame: PhoenixFrame) => {
  expect(frame[3]).toBe('postgres_changes');
  return (frame[4].data as { record: { id: number } }).record.id;
};

const itemBody = (frame: PhoenixFrame) => {
  expect(frame[3]).toBe('postgres_changes');
  return (frame[4].data as { record: { body: string } }).record.body;
};

describe('visibility of a change checked for all subscribers in one statement', () => {
  let server: TestServer;
  let db: Database;
  const sockets: PhoenixSocket[] = [];

  const subscriber = async (sub: string, name: string) => {
    const token = await server.token({ sub, role: 'authenticated', aud: 'authenticated' });
    const socket = await PhoenixSocket.open(server.url, token);
    sockets.push(socket);
    await socket.join(name, [insertItems]);
    return socket;
  };
  const insertItem = (owner: string, body: string) =>
    db.query('insert into public.items (owner, body) values ($1, $2)', [owner, body]);

  beforeAll(async () => {
    server = await startTestServer({ migrationFolders: [fixtures] });
    db = server.server.context.db;
    // An API function that reads the table the burst writes to.
    await db.exec(`
      create schema if not exists api;
      grant usage on schema api to authenticated;
      create function api.item_count() returns bigint language sql stable set search_path = ''
        as 'select count(*) from public.items';
      grant execute on function api.item_count() to authenticated;
      notify pgrst, 'reload schema';
    `);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await server?.stop();
  });

  it('delivers a change only to the subscriber whose claims may see it, in one check for all', async () => {
    const alice = randomUUID();
    const bob = randomUUID();
    const aliceSocket = await subscriber(alice, 'batched-alice');
    const bobSocket = await subscriber(bob, 'batched-bob');
    const others = await Promise.all(
      Array.from({ length: 4 }, (_, index) => subscriber(randomUUID(), `batched-other-${index}`)),
    );

    const statements = await visibilityStatements(db, async () => {
      await insertItem(alice, 'solo per Alice');
      expect(itemBody(await aliceSocket.frames.next('the change for Alice'))).toBe('solo per Alice');
    });
    expect(statements).toEqual([6]);

    // Commit order: the next event Bob and the others get is their own, so Alice's reached none of them.
    await insertItem(bob, 'solo per Bob');
    expect(itemBody(await bobSocket.frames.next('the change for Bob'))).toBe('solo per Bob');
    for (const [index, other] of others.entries()) {
      expect(other.frames.pending).toBe(0);
      await insertItem(`00000000-0000-4000-8000-00000000000${index}`, 'di nessuno');
    }
    expect(aliceSocket.frames.pending).toBe(0);
    expect(others.every((other) => other.frames.pending === 0)).toBe(true);
  });

  it('checks RLS only for subscribers with a filter the change passes', async () => {
    const owners = Array.from({ length: 4 }, () => randomUUID());
    const filtered = await Promise.all(
      owners.map(async (owner, index) => {
        const token = await server.token({ sub: owner, role: 'authenticated', aud: 'authenticated' });
        const socket = await PhoenixSocket.open(server.url, token);
        sockets.push(socket);
        await socket.join(`filtered-${index}`, [{ ...insertItems, filter: `owner=eq.${owner}` }]);
        return socket;
      }),
    );
    const statements = await visibilityStatements(db, async () => {
      await insertItem(owners[2]!, 'filtrato');
      expect(itemBody(await filtered[2]!.frames.next('the change for its owner'))).toBe('filtrato');
    });
    // Every subscriber of the earlier test follows items too: only those without a failing filter count.
    expect(statements).toHaveLength(1);
    expect(statements[0]).toBe(1 + 6);
    for (const socket of filtered) socket.close();
  });

  it('checks the changes that arrive together in one statement and delivers them in commit order', async () => {
    const alice = randomUUID();
    const bob = randomUUID();
    const aliceSocket = await subscriber(alice, 'together-alice');
    const bobSocket = await subscriber(bob, 'together-bob');
    const owners = [alice, bob, alice, bob, alice];
    const statements = await visibilityStatements(db, async () => {
      await db.transaction(async (tx) => {
        for (const [index, owner] of owners.entries()) {
          await tx.query('insert into public.items (owner, body) values ($1, $2)', [
            owner,
            `insieme ${index}`,
          ]);
        }
      });
      const aliceBodies = [];
      for (let count = 0; count < 3; count += 1) aliceBodies.push(itemBody(await aliceSocket.frames.next()));
      expect(aliceBodies).toEqual(['insieme 0', 'insieme 2', 'insieme 4']);
      const bobBodies = [];
      for (let count = 0; count < 2; count += 1) bobBodies.push(itemBody(await bobSocket.frames.next()));
      expect(bobBodies).toEqual(['insieme 1', 'insieme 3']);
    });
    // One statement for the five rows and every subscriber of items (those of the earlier tests too).
    expect(statements).toHaveLength(1);
    expect(aliceSocket.frames.pending + bobSocket.frames.pending).toBe(0);
  });

  it("writes a socket's frames of one batch in one write", async () => {
    const alice = randomUUID();
    const aliceSocket = await subscriber(alice, 'one-write-alice');
    const writes = await framesPerWrite(async () => {
      await db.transaction(async (tx) => {
        for (let index = 0; index < 5; index += 1) {
          await tx.query('insert into public.items (owner, body) values ($1, $2)', [
            alice,
            `scritta ${index}`,
          ]);
        }
      });
      for (let index = 0; index < 5; index += 1) {
        expect(itemBody(await aliceSocket.frames.next())).toBe(`scritta ${index}`);
      }
    });
    expect(writes).toEqual([5]);
  });

  it('answers per subscriber and per row, a failing role included, and leaves the role and claims as they were', async () => {
    const alice = randomUUID();
    const bob = randomUUID();
    await insertItem(alice, 'riga di Alice');
    await insertItem(bob, 'riga di Bob');
    const keys = (
      await db.query<{ id: number }>(
        'select id::int as id from public.items where owner = any($1::uuid[]) order by owner = $2 desc',
        [[alice, bob], alice],
      )
    ).rows.map(({ id }) => ({ id }));
    // Alice's row, Bob's row, a row that does not exist.
    keys.push({ id: -1 });
    const subscribers = [
      { role: 'authenticated', sub: randomUUID() },
      { role: 'authenticated', sub: alice },
      { role: 'no_such_role', sub: alice },
      { role: 'authenticated', sub: bob },
      { role: 'anon' },
      { role: 'service_role' },
      { role: 'authenticated', sub: alice },
      // A role without privilege on the table fails once its claims are set; their rollback leaves
      // Alice's, so the next subscriber's claims are written again although they equal the failed one's.
      { role: 'pg_monitor', sub: bob },
      { role: 'authenticated', sub: bob },
      { role: 'authenticated', sub: bob, email: 'bob@example.com' },
    ];
    const result = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ visible: number[] }>(
        `select visible from _realtime.visible_rows('public.items'::regclass, '{id}', $1::jsonb, $2::jsonb)
           with ordinality as v(visible, position) order by position`,
        [JSON.stringify(keys), JSON.stringify(subscribers)],
      );
      const after = await tx.query<{ who: string; claims: string; read_only: string }>(
        `select current_user as who, coalesce(current_setting('request.jwt.claims', true), '') as claims,
                current_setting('transaction_read_only') as read_only`,
      );
      return { visible: rows.map((row) => row.visible), after: after.rows[0]! };
    });
    expect(result.visible).toEqual([[], [1], [], [2], [], [1, 2], [1], [], [2], [2]]);
    expect(result.after.claims).toBe('');
    expect(result.after.read_only).toBe('on');
    const login = (await db.query<{ who: string }>('select current_user as who')).rows[0]!.who;
    expect(result.after.who).toBe(login);
  });

  it('may not be called by the API roles', async () => {
    for (const role of ['anon', 'authenticated', 'service_role']) {
      const attempt = db.transaction(async (tx) => {
        await tx.query(`set local role ${role}`);
        await tx.query(
          `select _realtime.visible_rows('public.items'::regclass, '{id}', '[]'::jsonb, '[]'::jsonb)`,
        );
      });
      await expect(attempt).rejects.toMatchObject({ code: '42501' });
    }
  });

  it('answers an unrelated API request while a burst of changes fans out', async () => {
    // Fifty sessions, each with its own user: fifty claims to check for every change of the burst.
    const subscribers = await Promise.all(
      Array.from({ length: 50 }, async (_, index) => {
        const token = await server.token({ sub: randomUUID(), role: 'authenticated' });
        const socket = await PhoenixSocket.open(server.url, token);
        sockets.push(socket);
        await socket.join(`burst-${index}`, [insertAnnouncements]);
        return socket;
      }),
    );
    const api = server.client({
      accessToken: await server.token({ sub: randomUUID(), role: 'authenticated' }),
    });
    expect((await api.rpc('item_count')).error).toBeNull();
    // Ten batches of changes: far longer to fan out than a request takes, even when the database is fast.
    const burst = 200;
    const last = subscribers.at(-1)!;
    const events: string[] = [];
    await db.transaction(async (tx) => {
      for (let id = 1; id <= burst; id += 1) {
        await tx.query("insert into public.announcements values ($1, 'Promo')", [id]);
      }
    });
    expect(announcementId(await last.frames.next('the first change of the burst', 10_000))).toBe(1);
    const request = api.rpc('item_count').then(({ error }) => {
      events.push(error ? `request failed: ${error.message}` : 'request answered');
    });
    const delivered = (async () => {
      for (let id = 2; id <= burst; id += 1) {
        expect(announcementId(await last.frames.next(`change ${id} of the burst`, 20_000))).toBe(id);
      }
      events.push('burst delivered');
    })();
    await within(Promise.all([request, delivered]), 30_000, 'the request and the burst');
    expect(events).toEqual(['request answered', 'burst delivered']);
  });
});
