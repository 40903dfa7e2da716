import { randomUUID } from 'node:crypto';
import { Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../../support/test-database.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

const fixtures = new URL('../fixtures/rpc-migrations', import.meta.url).pathname;

/**
 * One rpc is one transaction sent in one go (BEGIN, settings, call, COMMIT on PostgreSQL): whatever
 * fails inside it leaves nothing behind, is reported as itself, and the connection goes on serving.
 */
describe('the transaction of an rpc', () => {
  let server: TestServer;
  let asDora: ReturnType<TestServer['client']>;

  beforeAll(async () => {
    server = await startTestServer({ migrationFolders: [fixtures] });
    asDora = server.client({
      accessToken: await server.token({ sub: randomUUID(), role: 'authenticated', aud: 'authenticated' }),
    });
    await server.server.context.db.exec(
      `create function api.add_then_raise(body text) returns public.notes language plpgsql as $$
       declare added public.notes;
       begin
         insert into public.notes (body) values (add_then_raise.body) returning * into added;
         raise exception 'Nota rifiutata dopo il salvataggio' using detail = added.id::text;
       end $$;
       create function api.add_two_notes(body text) returns setof public.notes language sql as $$
         insert into public.notes (body) values (add_two_notes.body), (add_two_notes.body) returning *
       $$;
       grant execute on function api.add_then_raise(text), api.add_two_notes(text) to authenticated`,
    );
  });
  afterAll(() => server?.stop());

  const countNotes = async () => (await asDora.rpc('count_my_notes')).data as number;

  it("reports a failing write's own error, leaves nothing written, and every connection serves on", async () => {
    const before = await countNotes();
    // More at once than the pool has connections: each of them ends a failed transaction.
    const failures = await Promise.all(
      Array.from({ length: 24 }, () => asDora.rpc('add_then_raise', { body: 'rifiutata' })),
    );
    for (const failure of failures) {
      expect(failure.status).toBe(400);
      expect(failure.error).toMatchObject({ code: 'P0001', message: 'Nota rifiutata dopo il salvataggio' });
    }
    expect(await countNotes()).toBe(before);

    const writes = await Promise.all(
      Array.from({ length: 24 }, (_, index) => asDora.rpc('add_note', { body: `nota ${index}` })),
    );
    expect(writes.map((write) => write.error)).toEqual(writes.map(() => null));
    expect(await countNotes()).toBe(before + 24);
  });

  it('rolls back a write whose result is not the single object asked for, and commits one that is', async () => {
    const before = await countNotes();
    const two = await asDora.rpc('add_two_notes', { body: 'doppia' }).single();
    expect(two.status).toBe(406);
    expect(two.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 2 rows' });
    expect(await countNotes()).toBe(before);

    const one = await asDora.rpc('add_then_fail', { body: 'una sola' }).single();
    expect(one.error).toBeNull();
    expect(one.data).toMatchObject({ body: 'una sola' });
    expect(await countNotes()).toBe(before + 1);
  });

  it('answers a single object from a read, and 406 when a read has more rows', async () => {
    const one = await asDora.rpc('numbers', { up_to: 1 }, { get: true }).single();
    expect(one.data).toBe(1);
    // More at once than the pool has connections, each refused after its read-only COMMIT was sent.
    const refused = await Promise.all(
      Array.from({ length: 24 }, () => asDora.rpc('numbers', { up_to: 3 }, { get: true }).single()),
    );
    for (const three of refused) {
      expect(three.status).toBe(406);
      expect(three.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 3 rows' });
    }
    const added = await asDora.rpc('add_note', { body: 'dopo i rifiuti' });
    expect(added.error).toBeNull();
  });
});

describe('Database.transactionOf', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ migrationFolders: [fixtures] });
    await server.server.context.db.exec('create table public.entries (label text not null)');
  });
  afterEach(() => server.server.context.db.exec('truncate public.entries'));
  afterAll(() => server?.stop());

  const labels = async () =>
    (
      await server.server.context.db.query<{ label: string }>(
        'select label from public.entries order by label',
      )
    ).rows.map((row) => row.label);

  it('returns the result of each statement, in order, with values bound', async () => {
    const results = await server.server.context.db.transactionOf([
      {
        sql: 'insert into public.entries (label) values ($1)',
        params: ["a'; drop table public.entries; --"],
      },
      { sql: 'select count(*)::int as n from public.entries', prepared: true },
      { sql: 'select $1::int + 1 as next', params: [41] },
    ]);
    expect(results.map((result) => result.rows)).toEqual([[], [{ n: 1 }], [{ next: 42 }]]);
    expect(await labels()).toEqual(["a'; drop table public.entries; --"]);
  });

  it('throws the first error, not the aborted transaction the statements after it ran in, and keeps nothing', async () => {
    const db = server.server.context.db;
    const failing = db.transactionOf([
      { sql: 'insert into public.entries (label) values ($1)', params: ['prima'] },
      { sql: 'select 1 / $1::int', params: [0] },
      { sql: 'insert into public.entries (label) values ($1)', params: ['dopo'] },
    ]);
    await expect(failing).rejects.toMatchObject({ code: '22012' });
    expect(await labels()).toEqual([]);
    // The connections that ran it serve the next transactions.
    await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        db.transactionOf([
          { sql: 'insert into public.entries (label) values ($1)', params: [`ok ${index}`] },
        ]),
      ),
    );
    expect(await labels()).toHaveLength(12);
  });

  it('rolls a write back when the check before COMMIT refuses its results, with what the check threw', async () => {
    const db = server.server.context.db;
    const refused = new Error('Rifiutata prima del commit');
    const checked = db.transactionOf(
      [{ sql: 'insert into public.entries (label) values ($1) returning label', params: ['controllata'] }],
      {
        beforeCommit: (results) => {
          expect(results[0]!.rows).toEqual([{ label: 'controllata' }]);
          throw refused;
        },
      },
    );
    await expect(checked).rejects.toBe(refused);
    expect(await labels()).toEqual([]);

    await db.transactionOf(
      [{ sql: 'insert into public.entries (label) values ($1)', params: ['accettata'] }],
      {
        beforeCommit: () => undefined,
      },
    );
    expect(await labels()).toEqual(['accettata']);
  });

  it.runIf(testDatabaseKind === 'postgres')(
    'sends BEGIN, the statements and COMMIT to PostgreSQL in one write',
    async () => {
      const db = server.server.context.db;
      const statements = [
        { sql: 'select set_config($1, $2, true)', params: ['request.method', 'POST'], prepared: true },
        { sql: 'insert into public.entries (label) values ($1)', params: ['in un colpo'] },
      ];
      await db.transactionOf(statements, { readOnly: false }); // a pooled connection, ready
      const socket = Socket.prototype as unknown as Record<
        '_write' | '_writev',
        (...args: unknown[]) => unknown
      >;
      const original = { _write: socket._write, _writev: socket._writev };
      let writes = 0;
      for (const method of ['_write', '_writev'] as const) {
        socket[method] = function (this: Socket, ...args: unknown[]) {
          writes += 1;
          return original[method].apply(this, args);
        };
      }
      try {
        await db.transactionOf(statements);
        await db.transactionOf([{ sql: 'select count(*) from public.entries' }], { readOnly: true });
      } finally {
        Object.assign(socket, original);
      }
      expect(writes).toBe(2);
      expect(await labels()).toEqual(['in un colpo', 'in un colpo']);
    },
  );

  it('refuses a write in a read-only one', async () => {
    const readOnly = server.server.context.db.transactionOf(
      [{ sql: 'insert into public.entries (label) values ($1)', params: ['vietata'] }],
      { readOnly: true },
    );
    await expect(readOnly).rejects.toMatchObject({ code: '25006' });
    expect(await labels()).toEqual([]);
  });
});
