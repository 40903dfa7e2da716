import { randomUUID } from 'node:crypto';
import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../../support/test-server.ts';
import { Inbox, subscribed } from '../../support/realtime.ts';

const fixtures = new URL('../fixtures/realtime-migrations', import.meta.url).pathname;

type Row = Record<string, unknown>;
type Change = RealtimePostgresChangesPayload<Row>;

describe('postgres_changes through supabase-js, under RLS', () => {
  let server: TestServer;
  const alice = randomUUID();
  const bob = randomUUID();
  let asAlice: TestClient;
  let asBob: TestClient;

  const signedIn = async (sub: string) => {
    const client = server.client();
    await client.realtime.setAuth(await server.token({ sub, role: 'authenticated', aud: 'authenticated' }));
    return client;
  };
  const insertItem = async (owner: string, body: string, price = 0) =>
    (
      await server.server.context.db.query<{ id: number }>(
        'insert into public.items (owner, body, price) values ($1, $2, $3) returning id::int as id',
        [owner, body, price],
      )
    ).rows[0]!.id;

  beforeAll(async () => {
    server = await startTestServer({ migrationFolders: [fixtures] });
    asAlice = await signedIn(alice);
    asBob = await signedIn(bob);
  });
  afterAll(() => server?.stop());

  it('acknowledges the bindings in order with ids and reports the subscription', async () => {
    const system = new Inbox<Row>();
    const channel = asAlice
      .channel('ack')
      .on('system', {}, system.push)
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'items' }, () => undefined)
      .on(
        'postgres_changes',
        { event: '*', schema: 'public', table: 'items', filter: 'body=eq.x' },
        () => undefined,
      );
    await subscribed(channel);
    expect(await system.next('system message')).toMatchObject({
      extension: 'postgres_changes',
      status: 'ok',
      message: 'Subscribed to PostgreSQL',
      channel: 'ack',
    });
    await asAlice.removeChannel(channel);
  });

  it("delivers to each user only its own rows' inserts, shaped as Supabase shapes them", async () => {
    const aliceInbox = new Inbox<Change>();
    const bobInbox = new Inbox<Change>();
    const aliceChannel = asAlice
      .channel('items-alice')
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'items' }, aliceInbox.push);
    const bobChannel = asBob
      .channel('items-bob')
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'items' }, bobInbox.push);
    await Promise.all([subscribed(aliceChannel), subscribed(bobChannel)]);

    await insertItem(bob, 'di Bob');
    const aliceId = await insertItem(alice, 'di Alice', 12.5);
    await insertItem(bob, 'ancora di Bob');

    // Changes arrive in commit order, so the first event each one gets proves the others were withheld.
    const forAlice = await aliceInbox.next();
    expect(forAlice).toMatchObject({
      schema: 'public',
      table: 'items',
      eventType: 'INSERT',
      new: { id: aliceId, owner: alice, body: 'di Alice', price: 12.5, tags: [] },
      old: {},
      errors: null,
    });
    expect(forAlice.commit_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect((await bobInbox.next()).new).toMatchObject({ owner: bob, body: 'di Bob' });
    expect((await bobInbox.next()).new).toMatchObject({ owner: bob, body: 'ancora di Bob' });

    await insertItem(alice, 'di nuovo Alice');
    expect((await aliceInbox.next()).new).toMatchObject({ owner: alice, body: 'di nuovo Alice' });
    await Promise.all([asAlice.removeChannel(aliceChannel), asBob.removeChannel(bobChannel)]);
  });

  it('delivers updates with the new row and deletes with the primary key only', async () => {
    const inbox = new Inbox<Change>();
    const channel = asAlice
      .channel('items-changes')
      .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'items' }, inbox.push)
      .on('postgres_changes', { event: 'DELETE', schema: 'public', table: 'items' }, inbox.push);
    await subscribed(channel);
    const id = await insertItem(alice, 'prima');
    const db = server.server.context.db;
    await db.query("update public.items set body = 'dopo' where id = $1", [id]);
    // Visibility is checked on the row as it is when the change is delivered: wait before deleting it.
    const updated = await inbox.next('update');
    expect(updated).toMatchObject({ eventType: 'UPDATE', new: { id, body: 'dopo', owner: alice } });
    // RLS is on: the old row is the primary key only, even under REPLICA IDENTITY FULL.
    expect(updated.old).toEqual({ id });
    await db.query('delete from public.items where id = $1', [id]);
    const deleted = await inbox.next('delete');
    expect(deleted).toMatchObject({ eventType: 'DELETE', new: {} });
    expect(deleted.old).toEqual({ id });
    await asAlice.removeChannel(channel);
  });

  it('applies no filter to deletes, so a filter on a row it cannot see tells a subscriber nothing', async () => {
    const matching = new Inbox<Change>();
    const other = new Inbox<Change>();
    const channel = asBob
      .channel('delete-oracle')
      .on(
        'postgres_changes',
        { event: 'DELETE', schema: 'public', table: 'items', filter: `owner=eq.${alice}` },
        matching.push,
      )
      .on(
        'postgres_changes',
        { event: 'DELETE', schema: 'public', table: 'items', filter: `body=eq.nessuno` },
        other.push,
      );
    await subscribed(channel);
    const id = await insertItem(alice, 'segreto di Alice', 99);
    await server.server.context.db.query('delete from public.items where id = $1', [id]);
    const [seenByMatching, seenByOther] = await Promise.all([matching.next(), other.next()]);
    expect(seenByMatching).toEqual(seenByOther);
    expect(seenByMatching).toMatchObject({ eventType: 'DELETE', new: {}, old: { id } });
    expect(seenByMatching.old).toEqual({ id });
    await asBob.removeChannel(channel);
  });

  it("never delivers another user's row to a filter on his id or his row's", async () => {
    const aliceInbox = new Inbox<Change>();
    const bobInbox = new Inbox<Change>();
    const bobsId = await insertItem(bob, 'prima di Bob');
    const on = (client: TestClient, name: string, filters: string[], inbox: Inbox<Change>) => {
      let channel = client.channel(name);
      for (const filter of filters) {
        channel = channel.on(
          'postgres_changes',
          { event: '*', schema: 'public', table: 'items', filter },
          inbox.push,
        );
      }
      return channel;
    };
    // Alice follows Bob's id and his row's id beside her own: the filters pass his changes, RLS does not.
    const aliceChannel = on(
      asAlice,
      'follows-bob',
      [`owner=eq.${bob}`, `id=eq.${bobsId}`, `owner=eq.${alice}`],
      aliceInbox,
    );
    const bobChannel = on(asBob, 'follows-himself', [`owner=eq.${bob}`], bobInbox);
    await Promise.all([subscribed(aliceChannel), subscribed(bobChannel)]);

    await server.server.context.db.query("update public.items set body = 'poi di Bob' where id = $1", [
      bobsId,
    ]);
    await insertItem(bob, 'ancora di Bob');
    await insertItem(alice, 'di Alice');
    // His row's insert may still be on its way when the channels join: it reaches him, if anyone.
    const bobs: unknown[] = [];
    while (bobs.at(-1) !== 'ancora di Bob') bobs.push(((await bobInbox.next()).new as Row).body);
    expect(bobs.filter((body) => body !== 'prima di Bob')).toEqual(['poi di Bob', 'ancora di Bob']);
    // Commit order: her first event is her own row, so none of Bob's reached her.
    expect(((await aliceInbox.next()).new as Row).body).toBe('di Alice');
    expect(aliceInbox.pending).toBe(0);
    await Promise.all([asAlice.removeChannel(aliceChannel), asBob.removeChannel(bobChannel)]);
  });

  it('reaches a channel joined since the last change on a filter by value', async () => {
    const bobInbox = new Inbox<Change>();
    const aliceInbox = new Inbox<Change>();
    const follow = (owner: string) =>
      ({ event: 'INSERT', schema: 'public', table: 'items', filter: `owner=eq.${owner}` }) as const;
    const bobChannel = asBob.channel('by-value-bob').on('postgres_changes', follow(bob), bobInbox.push);
    await subscribed(bobChannel);
    await insertItem(bob, 'prima');
    expect(((await bobInbox.next()).new as Row).body).toBe('prima');

    const aliceChannel = asAlice
      .channel('by-value-alice')
      .on('postgres_changes', follow(alice), aliceInbox.push);
    await subscribed(aliceChannel);
    await insertItem(alice, 'dopo');
    await insertItem(bob, 'ancora');
    expect(((await aliceInbox.next()).new as Row).body).toBe('dopo');
    expect(((await bobInbox.next()).new as Row).body).toBe('ancora');
    await Promise.all([asAlice.removeChannel(aliceChannel), asBob.removeChannel(bobChannel)]);
  });

  it('holds eq, neq, lt, lte, gt, gte and in filters', async () => {
    const inboxes = {
      eq: new Inbox<Change>(),
      neq: new Inbox<Change>(),
      lt: new Inbox<Change>(),
      lte: new Inbox<Change>(),
      gt: new Inbox<Change>(),
      gte: new Inbox<Change>(),
      in: new Inbox<Change>(),
    };
    const filters = {
      eq: 'body=eq.rosso',
      neq: 'body=neq.rosso',
      lt: 'price=lt.10',
      lte: 'price=lte.10',
      gt: 'price=gt.10',
      gte: 'price=gte.10',
      in: 'body=in.(verde,"blu")',
    };
    let channel = asAlice.channel('filters');
    for (const [name, filter] of Object.entries(filters)) {
      channel = channel.on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'items', filter },
        inboxes[name as keyof typeof inboxes].push,
      );
    }
    await subscribed(channel);
    await insertItem(alice, 'rosso', 5);
    await insertItem(alice, 'verde', 10);
    await insertItem(alice, 'blu', 20);
    await insertItem(bob, 'rosso', 5);
    await insertItem(alice, 'fine', 0);

    const bodies = async (inbox: Inbox<Change>, count: number) => {
      const received: unknown[] = [];
      for (let i = 0; i < count; i += 1) received.push(((await inbox.next()).new as Row).body);
      return received;
    };
    expect(await bodies(inboxes.eq, 1)).toEqual(['rosso']);
    expect(await bodies(inboxes.neq, 3)).toEqual(['verde', 'blu', 'fine']);
    expect(await bodies(inboxes.lt, 2)).toEqual(['rosso', 'fine']);
    expect(await bodies(inboxes.lte, 3)).toEqual(['rosso', 'verde', 'fine']);
    expect(await bodies(inboxes.gt, 1)).toEqual(['blu']);
    expect(await bodies(inboxes.gte, 2)).toEqual(['verde', 'blu']);
    expect(await bodies(inboxes.in, 2)).toEqual(['verde', 'blu']);
    // Bob's 'rosso' came before 'fine' and reached none of Alice's filters.
    await insertItem(alice, 'rosso', 1);
    expect(await bodies(inboxes.eq, 1)).toEqual(['rosso']);
    await asAlice.removeChannel(channel);
  });

  const storedChanges = async () =>
    (
      await server.server.context.db.query<{ body: string }>(
        `select record ->> 'body' as body from _realtime.changes where table_name = 'items' order by id`,
      )
    ).rows.map((row) => row.body);

  it('delivers a row far larger than a NOTIFY payload, stored and read back', async () => {
    const inbox = new Inbox<Change>();
    const channel = asAlice
      .channel('large')
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'items' }, inbox.push);
    await subscribed(channel);
    // Just over and far over the 8000 bytes a payload may have.
    const bodies = ['y'.repeat(7_900), 'x'.repeat(50_000)];
    for (const body of bodies) await insertItem(alice, body);
    expect(((await inbox.next()).new as Row).body).toBe(bodies[0]);
    expect(((await inbox.next()).new as Row).body).toBe(bodies[1]);
    expect((await storedChanges()).slice(-2)).toEqual(bodies);
    await asAlice.removeChannel(channel);
  });

  it('carries a change that fits in the NOTIFY payload without storing it, equal changes included', async () => {
    const inbox = new Inbox<Change>();
    const channel = asAlice
      .channel('small')
      .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'items' }, inbox.push);
    await subscribed(channel);
    const id = await insertItem(alice, 'piccola', 3);
    const stored = await storedChanges();
    // The same update twice in one transaction: two changes, though their rows are equal.
    await server.server.context.db.transaction(async (tx) => {
      for (let time = 0; time < 2; time += 1) {
        await tx.query("update public.items set body = 'uguale' where id = $1", [id]);
      }
    });
    for (let time = 0; time < 2; time += 1) {
      expect(await inbox.next(`update ${time + 1}`)).toMatchObject({
        eventType: 'UPDATE',
        new: { id, owner: alice, body: 'uguale', price: 3 },
        old: { id },
      });
    }
    expect(await storedChanges()).toEqual(stored);
    await asAlice.removeChannel(channel);
  });

  it('ignores a change notified by anyone but the capture trigger', async () => {
    const inbox = new Inbox<Change>();
    const channel = asAlice
      .channel('forged')
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'items' }, inbox.push);
    await subscribed(channel);
    const id = await insertItem(alice, 'vera');
    const genuine = await inbox.next('the genuine change');
    expect(genuine.new).toMatchObject({ id, body: 'vera' });
    // Any login may NOTIFY: a change for a row Alice may see, unsigned then with a made-up signature.
    const forged = JSON.stringify({
      id: 1,
      schema: 'public',
      table: 'items',
      type: 'INSERT',
      record: { ...genuine.new, body: 'falsa' },
      old_record: null,
      commit_timestamp: genuine.commit_timestamp,
    });
    for (const payload of [forged, `${'0'.repeat(64)}${forged}`, `${'ab'.repeat(32)}${forged}`]) {
      await server.server.context.db.query(`select pg_notify('realtime_changes', $1)`, [payload]);
    }
    await insertItem(alice, 'ancora vera');
    expect((await inbox.next('the next genuine change')).new).toMatchObject({ body: 'ancora vera' });
    await asAlice.removeChannel(channel);
  });

  it('delivers changes of a table without RLS to anonymous subscribers, with the full old row', async () => {
    const inbox = new Inbox<Change>();
    const anonymous = server.client();
    const channel = anonymous
      .channel('announcements')
      .on('postgres_changes', { event: '*', schema: 'public', table: 'announcements' }, inbox.push)
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'items' }, inbox.push);
    await subscribed(channel);
    const db = server.server.context.db;
    await insertItem(alice, 'non per anonimi');
    await db.query("insert into public.announcements values (1, 'Promo di maggio')");
    expect(await inbox.next()).toMatchObject({ eventType: 'INSERT', table: 'announcements', new: { id: 1 } });
    await db.query("update public.announcements set body = 'Promo di giugno' where id = 1");
    expect(await inbox.next()).toMatchObject({
      eventType: 'UPDATE',
      new: { body: 'Promo di giugno' },
      old: { id: 1, body: 'Promo di maggio' },
    });
    await db.query('delete from public.announcements where id = 1');
    expect(await inbox.next()).toMatchObject({
      eventType: 'DELETE',
      old: { id: 1, body: 'Promo di giugno' },
    });
    await anonymous.removeChannel(channel);
  });

  it('refuses tables outside the publication and malformed filters with a system error', async () => {
    for (const binding of [
      { event: '*', schema: 'public', table: 'unpublished' },
      { event: '*', schema: 'public', table: 'items', filter: 'price=eq.tanto' },
      {
        event: '*',
        schema: 'public',
        table: 'items',
        filter: 'owner=eq.0a1b2c3d-0000-4000-8000-00000000000g',
      },
      { event: '*', schema: 'public', table: 'items', filter: 'body=like.x%' },
    ] as const) {
      const system = new Inbox<Row>();
      const channel = asAlice
        .channel(`bad-${randomUUID()}`)
        .on('system', {}, system.push)
        .on('postgres_changes', binding, () => undefined);
      await subscribed(channel);
      expect(await system.next('system message')).toMatchObject({
        extension: 'postgres_changes',
        status: 'error',
      });
      await asAlice.removeChannel(channel);
    }
  });
});
