import { beforeAll, describe, expect, it } from 'vitest';
import { expectSucceeds, insertReservation, openSalon, type Salon } from '../../support/fixtures.ts';
import {
  createAdmin,
  createMerchant,
  joinAsClient,
  uniqueEmail,
  type Persona,
} from '../../support/personas.ts';
import type { TestClient } from '../../support/test-server.ts';
import { useTestServer } from '../../support/use-test-server.ts';

type Json = Record<string, unknown>;

describe('GDPR: consents, data export and erasure', () => {
  const server = useTestServer();
  let admin: Persona;
  let salon: Salon;
  const sql = async <Row = Json>(text: string, params?: unknown[]) =>
    (await server.server.context.db.query<Row>(text, params)).rows;
  /** Each client row is left as "Cliente rimosso", with no e-mail and no login. */
  const expectErased = async (clientIds: string[]) =>
    expect(
      await sql('select name, email, user_id from app.clients where id = any($1::uuid[])', [clientIds]),
    ).toEqual(clientIds.map(() => ({ name: 'Cliente rimosso', email: '', user_id: null })));
  const joinArgs = (extra: Json = {}) => ({
    merchant_slug: salon.merchant.slug,
    name: 'Lucia Gialli',
    email: uniqueEmail('lucia'),
    password: 'password123',
    ...extra,
  });

  beforeAll(async () => {
    admin = await createAdmin(server);
    salon = await openSalon(server, admin, 'Salone Privacy');
  });

  it('refuses a registration without the privacy consent and creates nothing', async () => {
    const args = joinArgs();
    for (const privacy of [undefined, false, null]) {
      const refused = await server.client().rpc('join_merchant', { ...args, privacy_accepted: privacy });
      expect(refused.status).toBe(400);
      expect(refused.error?.message).toBe("Per registrarti devi accettare l'informativa sulla privacy");
    }
    expect(await sql('select 1 from auth.users where email = $1', [args.email])).toEqual([]);
    expect(await sql('select 1 from app.clients where email = $1', [args.email])).toEqual([]);
  });

  it('records the privacy consent and the marketing choice with the notice version and the time', async () => {
    const { version } = await expectSucceeds<{ version: string }>(server.client().rpc('privacy_notice'));
    expect(version).toMatch(/\S/);
    const before = Date.now();
    for (const marketing of [true, false]) {
      const { joined, persona } = await joinAsClient(server, salon.merchant.slug, {
        marketingAccepted: marketing,
      });
      const consents = await expectSucceeds<Json>(
        persona.client.rpc('client_consents', { merchant_slug: salon.merchant.slug }),
      );
      expect(consents).toMatchObject({
        notice_version: version,
        privacy: { granted: true, notice_version: version },
        marketing: { granted: marketing, notice_version: version },
      });
      const recordedAt = Date.parse((consents.privacy as { recorded_at: string }).recorded_at);
      expect(recordedAt).toBeGreaterThanOrEqual(before - 60_000);
      const rows = await sql('select kind, granted from app.consents where client_id = $1 order by id', [
        joined.client_id,
      ]);
      expect(rows).toEqual([
        { kind: 'privacy', granted: true },
        { kind: 'marketing', granted: marketing },
      ]);
    }
  });

  it('lets the customer change her marketing consent later, keeping the history', async () => {
    const { joined, persona } = await joinAsClient(server, salon.merchant.slug);
    const set = (granted: unknown) =>
      persona.client.rpc('set_marketing_consent', { merchant_slug: salon.merchant.slug, granted });
    expect(await expectSucceeds(set(true))).toMatchObject({ marketing: { granted: true } });
    expect(await expectSucceeds(set(false))).toMatchObject({ marketing: { granted: false } });
    const missing = await set(null);
    expect(missing.error?.message).toBe('Indica se vuoi ricevere comunicazioni promozionali');
    const state = await expectSucceeds<Json>(
      persona.client.rpc('client_consents', { merchant_slug: salon.merchant.slug }),
    );
    expect(state.marketing).toMatchObject({ granted: false });
    const history = await sql<{ granted: boolean }>(
      `select granted from app.consents where client_id = $1 and kind = 'marketing' order by id`,
      [joined.client_id],
    );
    expect(history.map((row) => row.granted)).toEqual([false, true, false]);
    // Another salon's customer cannot change this salon's consents.
    const outsider = await salon.owner.client.rpc('set_marketing_consent', {
      merchant_slug: salon.merchant.slug,
      granted: true,
    });
    expect(outsider.status).toBe(403);
  });

  it('exports profile, purchases, credit ledger, reservations and consents as one document', async () => {
    const { joined, persona } = await joinAsClient(server, salon.merchant.slug, {
      name: 'Paola Neri',
      phone: '3331112222',
      sponsorCode: salon.member.client_code,
    });
    await expectSucceeds(
      salon.owner.client.rpc('register_purchase', {
        client_code: joined.client_code,
        spend: 80,
        discount: 0,
      }),
    );
    // The sponsor's purchase must not appear in her export.
    await expectSucceeds(
      salon.owner.client.rpc('register_purchase', {
        client_code: salon.member.client_code,
        spend: 10,
        discount: 0,
      }),
    );
    await insertReservation(server, salon, {
      startsAt: `now() + interval '2 days'`,
      clientId: joined.client_id,
    });
    const data = await expectSucceeds<Json>(
      persona.client.rpc('client_data_export', { merchant_slug: salon.merchant.slug }),
    );
    expect(data.profile).toMatchObject({
      code: joined.client_code,
      name: 'Paola Neri',
      phone: '3331112222',
      email: persona.email,
      sponsor_code: salon.member.client_code,
    });
    expect(data.salon).toEqual({ name: salon.merchant.name, slug: salon.merchant.slug });
    expect(data.purchases).toEqual([expect.objectContaining({ spend: 80, discount: 0, net: 80 })]);
    const ledger = data.credit_ledger as { kind: string; amount: number }[];
    expect(ledger.map((entry) => entry.kind)).toEqual(['generation0']);
    const { sum } = (
      await sql<{ sum: string }>(
        'select sum(amount)::text as sum from app.credit_ledger where client_id = $1',
        [joined.client_id],
      )
    )[0]!;
    expect(ledger[0]!.amount).toBe(Number(sum));
    expect(data.reservations).toEqual([expect.objectContaining({ treatment: 'Piega', status: 'in attesa' })]);
    expect((data.consents as { kind: string }[]).map((consent) => consent.kind)).toEqual([
      'privacy',
      'marketing',
    ]);
  });

  /** Everything that must not move when a customer is erased, read as each persona reads it. */
  async function snapshot(owner: TestClient, erasedName: string) {
    const balances = await sql(
      `select c.id, c.code, c.available_credit::text as credit, c.sponsor_id, c.generation,
              (select coalesce(sum(l.amount), 0)::text from app.credit_ledger l where l.client_id = c.id) as ledger
         from app.clients c where c.merchant_id = $1 order by c.code`,
      [salon.merchant.id],
    );
    const anonymise = (value: unknown) =>
      JSON.parse(
        JSON.stringify(value).replaceAll(JSON.stringify(erasedName), JSON.stringify('Cliente rimosso')),
      );
    return {
      balances,
      movements: await sql(
        `select id, client_id, spend::text, discount::text, net::text from app.movements
          where merchant_id = $1 order by id`,
        [salon.merchant.id],
      ),
      statistics: anonymise(await expectSucceeds(owner.rpc('merchant_statistics'))),
      campaigns: await expectSucceeds(admin.client.rpc('admin_campaign_summaries')),
      tree: anonymise(await expectSucceeds(owner.rpc('merchant_client_tree_compact'))),
    };
  }

  it('erases a customer: personal data and login gone, her balance closed in the ledger, all else unchanged', async () => {
    // Root (the salon's member) -> Carla (to erase) -> Dora -> Elsa: credit flows through Carla.
    const carla = await joinAsClient(server, salon.merchant.slug, {
      name: 'Carla Blu',
      phone: '3339998888',
      sponsorCode: salon.member.client_code,
    });
    const dora = await joinAsClient(server, salon.merchant.slug, {
      name: 'Dora Viola',
      sponsorCode: carla.joined.client_code,
    });
    const elsa = await joinAsClient(server, salon.merchant.slug, {
      name: 'Elsa Rosa',
      sponsorCode: dora.joined.client_code,
    });
    for (const [code, spend, discount] of [
      [carla.joined.client_code, 120, 0],
      [dora.joined.client_code, 75.55, 0],
      [elsa.joined.client_code, 33.33, 0],
      [carla.joined.client_code, 10, 5],
    ] as const) {
      await expectSucceeds(
        salon.owner.client.rpc('register_purchase', { client_code: code, spend, discount }),
      );
    }
    const future = await insertReservation(server, salon, {
      startsAt: `now() + interval '3 days'`,
      status: 'confermata',
      clientId: carla.joined.client_id,
    });
    const past = await insertReservation(server, salon, {
      startsAt: `now() - interval '3 days'`,
      status: 'confermata',
      clientId: carla.joined.client_id,
    });
    await sql(`update app.reservations set notes = 'Allergica al lattice' where id = $1`, [past]);

    const before = await snapshot(salon.owner.client, 'Carla Blu');
    const wrong = await carla.persona.client.rpc('erase_my_account', {
      merchant_slug: salon.merchant.slug,
      confirmation: 'sì',
    });
    expect(wrong.error?.message).toBe('Per confermare scrivi ELIMINA');
    expect((await sql('select name from app.clients where id = $1', [carla.joined.client_id]))[0]).toEqual({
      name: 'Carla Blu',
    });

    const erased = await expectSucceeds<Json>(
      carla.persona.client.rpc('erase_my_account', {
        merchant_slug: salon.merchant.slug,
        confirmation: 'elimina',
      }),
    );
    expect(erased).toMatchObject({ erased_clients: 1 });

    // Her balance is closed by one 'erasure' entry; every other balance, ledger sum, movement and
    // figure stays, and Statistiche's outstanding credit drops by exactly what she had.
    const closed = before.balances.find((row) => row.id === carla.joined.client_id)!.credit as string;
    expect(Number(closed)).toBeGreaterThan(0);
    expect(
      await sql(
        `select kind, amount::text, movement_id from app.credit_ledger where client_id = $1 and kind = 'erasure'`,
        [carla.joined.client_id],
      ),
    ).toEqual([{ kind: 'erasure', amount: (-Number(closed)).toFixed(2), movement_id: null }]);
    const totals = before.statistics.totals as { available_credit: number };
    expect(await snapshot(salon.owner.client, 'Carla Blu')).toEqual({
      ...before,
      balances: before.balances.map((row) =>
        row.id === carla.joined.client_id ? { ...row, credit: '0.00', ledger: '0.00' } : row,
      ),
      statistics: {
        ...before.statistics,
        totals: {
          ...totals,
          available_credit: Math.round((totals.available_credit - Number(closed)) * 100) / 100,
        },
      },
    });
    expect(
      await sql('select name, email, phone, user_id from app.clients where id = $1', [
        carla.joined.client_id,
      ]),
    ).toEqual([{ name: 'Cliente rimosso', email: '', phone: null, user_id: null }]);
    for (const table of ['auth.users', 'auth.identities', 'auth.sessions']) {
      const column = table === 'auth.users' ? 'id' : 'user_id';
      expect(await sql(`select 1 from ${table} where ${column} = $1`, [carla.persona.userId])).toEqual([]);
    }
    const signIn = await server.client().auth.signInWithPassword({
      email: carla.persona.email,
      password: 'password123',
    });
    expect(signIn.error?.code).toBe('invalid_credentials');
    expect(
      await sql('select id, status, notes from app.reservations where client_id = $1 order by starts_at', [
        carla.joined.client_id,
      ]),
    ).toEqual([
      { id: past, status: 'confermata', notes: '' },
      { id: future, status: 'annullata', notes: '' },
    ]);
    // The merchant sees the anonymous node in its clients and tree, with no credit.
    const { clients } = await expectSucceeds<{
      clients: { code: string; name: string; available_credit: number | null }[];
    }>(salon.owner.client.rpc('merchant_clients', { search: carla.joined.client_code }));
    expect(clients.find((client) => client.code === carla.joined.client_code)).toMatchObject({
      name: 'Cliente rimosso',
      available_credit: null,
    });
    // The erased account can do nothing more, and its code invites nobody.
    const afterwards = await carla.persona.client.rpc('client_profile', {
      merchant_slug: salon.merchant.slug,
    });
    expect(afterwards.status).toBe(403);
    expect(
      await expectSucceeds(
        server.client().rpc('sponsor_preview', {
          merchant_slug: salon.merchant.slug,
          sponsor_code: carla.joined.client_code,
        }),
      ),
    ).toEqual({ name: null });
  });

  it('lets the platform admin erase a person at every salon she joined, and nobody else', async () => {
    const { merchant: other } = await createMerchant(server, admin, 'Altro Salone Privacy');
    const first = await joinAsClient(server, salon.merchant.slug, { name: 'Franca Verdi' });
    const second = await expectSucceeds<{ client_id: string }>(
      first.persona.client.rpc('join_merchant', {
        merchant_slug: other.slug,
        name: 'Franca Verdi',
        email: null,
        privacy_accepted: true,
      }),
    );
    for (const stranger of [salon.owner.client, salon.client.client, server.client()]) {
      const refused = await stranger.rpc('admin_erase_client', { client_id: first.joined.client_id });
      expect(refused.error?.code).toBe('42501');
    }
    const unknown = await admin.client.rpc('admin_erase_client', {
      client_id: '00000000-0000-0000-0000-000000000000',
    });
    expect(unknown.error?.message).toBe('Cliente non trovato');
    expect(
      await expectSucceeds(admin.client.rpc('admin_erase_client', { client_id: first.joined.client_id })),
    ).toMatchObject({
      erased_clients: 2,
    });
    await expectErased([first.joined.client_id, second.client_id]);
    expect(await sql('select 1 from auth.users where id = $1', [first.persona.userId])).toEqual([]);
  });

  it('lets the platform admin erase a client by the salon and the code the tree shows', async () => {
    const { merchant: other } = await createMerchant(server, admin, 'Terzo Salone Privacy');
    const first = await joinAsClient(server, salon.merchant.slug, { name: 'Gina Gialli' });
    const second = await expectSucceeds<{ client_id: string; client_code: string }>(
      first.persona.client.rpc('join_merchant', {
        merchant_slug: other.slug,
        name: 'Gina Gialli',
        email: null,
        privacy_accepted: true,
      }),
    );
    const byCode = (merchant_slug: string, client_code: string) => ({ merchant_slug, client_code });
    const target = byCode(salon.merchant.slug, first.joined.client_code);
    for (const stranger of [salon.owner.client, salon.client.client, server.client()]) {
      const refused = await stranger.rpc('admin_erase_client_by_code', target);
      expect(refused.error?.code).toBe('42501');
    }
    // A code is a salon's own: the same code at another salon finds nobody.
    for (const elsewhere of [
      byCode(other.slug, first.joined.client_code),
      byCode(salon.merchant.slug, second.client_code),
      byCode(salon.merchant.slug, ''),
    ]) {
      const unknown = await admin.client.rpc('admin_erase_client_by_code', elsewhere);
      expect(unknown.error?.message).toBe('Cliente non trovato');
    }
    expect(await sql('select name from app.clients where id = $1', [first.joined.client_id])).toEqual([
      { name: 'Gina Gialli' },
    ]);
    expect(
      await expectSucceeds(
        admin.client.rpc(
          'admin_erase_client_by_code',
          byCode(` ${salon.merchant.slug.toUpperCase()} `, ` ${first.joined.client_code.toLowerCase()} `),
        ),
      ),
    ).toMatchObject({ erased_clients: 2 });
    await expectErased([first.joined.client_id, second.client_id]);
  });

  it('never erases a merchant’s or the admin’s login from a client row', async () => {
    // A client row of a salon's login, as one could be made before joining with it was refused.
    const { merchant: other } = await createMerchant(server, admin, 'Salone Della Titolare');
    const [created] = await sql<{ id: string }>(
      `insert into app.clients (merchant_id, user_id, code, generation, name, email)
       values ($1, $2, 'TIT00001', 0, 'Titolare Cliente', $3) returning id`,
      [other.id, salon.owner.userId, salon.owner.email],
    );
    const clientId = created!.id;
    const refused = await admin.client.rpc('admin_erase_client', { client_id: clientId });
    expect(refused.error?.message).toBe(
      'Questo account gestisce un salone o la piattaforma: non si elimina da qui',
    );
    expect(await sql('select name from app.clients where id = $1', [clientId])).toEqual([
      { name: 'Titolare Cliente' },
    ]);
  });

  it('tells the registration form only the sponsor’s first name and initial', async () => {
    const preview = (merchant_slug: string, sponsor_code: string) =>
      expectSucceeds(server.client().rpc('sponsor_preview', { merchant_slug, sponsor_code }));
    const { joined } = await joinAsClient(server, salon.merchant.slug, { name: '  maria   rossi bianchi ' });
    expect(await preview(salon.merchant.slug, joined.client_code.toLowerCase())).toEqual({
      name: 'maria R.',
    });
    const { joined: single } = await joinAsClient(server, salon.merchant.slug, { name: 'Cher' });
    expect(await preview(salon.merchant.slug, single.client_code)).toEqual({ name: 'Cher' });
    expect(await preview(salon.merchant.slug, 'Z99999')).toEqual({ name: null });
    const { merchant: other } = await createMerchant(server, admin, 'Salone Senza Maria');
    expect(await preview(other.slug, joined.client_code)).toEqual({ name: null });
  });
});
