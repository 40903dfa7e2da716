import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../support/use-test-server.ts';
import {
  cents,
  createAdmin,
  expectOk,
  expectRefused,
  insertReservation,
  joinAsClient,
  openSalon,
  registerPurchase,
  type JoinedClient,
  type Persona,
  type Salon,
} from '../../support/fixtures.ts';

interface LedgerRow {
  kind: string;
  amount: number;
  reason: string;
  reward_label: string | null;
}

describe('loyalty: the sponsor’s reward for a friend’s first visit', () => {
  const server = useTestServer();
  let salon: Salon;
  let other: Salon;
  let startOfVisits: string;

  beforeAll(async () => {
    const admin = await createAdmin(server);
    salon = await openSalon(server, admin, 'Salone Premio Visita');
    other = await openSalon(server, admin, 'Salone Senza Premio');
    expectOk(await salon.owner.client.rpc('set_first_visit_reward', { amount: 10 }));
    expectOk(
      await salon.owner.client.rpc('set_percentages', {
        personal: 0,
        sponsor1: 10,
        sponsor2: 0,
        sponsor3: 0,
      }),
    );
    startOfVisits = (await sql<{ now: Date }>('select now()'))[0]!.now.toISOString();
  });

  const sql = async <Row>(text: string, values: unknown[] = []) =>
    (await server.server.context.db.query<Row & Record<string, unknown>>(text, values)).rows;
  const friendOf = async (sponsor: JoinedClient, name: string, where: Salon = salon) =>
    (await joinAsClient(server, where.merchant.slug, { name, sponsorCode: sponsor.client_code })).joined;
  const sponsorIn = async (where: Salon = salon) =>
    joinAsClient(server, where.merchant.slug, { name: 'Serena Rossi' });
  let visits = 0;
  /** A confirmed appointment of hers that has started, each an hour apart so one operator holds them all. */
  const visitOf = (friend: JoinedClient, where: Salon = salon) => {
    visits += 1;
    return insertReservation(server, where, {
      startsAt: `'${startOfVisits}'::timestamptz - interval '${visits} hours'`,
      status: 'confermata',
      clientId: friend.client_id,
    });
  };
  const markDone = (id: string, where: Salon = salon) =>
    where.owner.client.rpc('mark_visit', { reservation_id: id, outcome: 'completata' });
  const creditOf = async (persona: Persona, where: Salon = salon) =>
    expectOk<{ available_credit: number; ledger: LedgerRow[] }>(
      await persona.client.rpc('client_credit', { merchant_slug: where.merchant.slug }),
    );
  const rewardsFor = (friend: JoinedClient) =>
    sql<{ client_id: string; amount: string; movement_id: string | null }>(
      `select client_id, amount, movement_id from app.credit_ledger
        where kind = 'first_visit_reward' and referred_client_id = $1`,
      [friend.client_id],
    );

  it('is off by default, set in euro and cents up to € 500, refused otherwise, by the salon alone', async () => {
    expect(expectOk(await other.owner.client.rpc('first_visit_reward'))).toEqual({ amount: null });
    const set = (amount: number | string | null) =>
      other.owner.client.rpc('set_first_visit_reward', { amount });
    expectRefused(await set(-1), 'Il premio non può essere negativo');
    expectRefused(await set(500.01), 'Il premio può essere al massimo € 500,00');
    expectRefused(await set(2.345), 'Il premio può avere al massimo due decimali');
    expectRefused(await set('NaN'), 'Il premio non è un numero valido');
    expect(expectOk(await set(12.5))).toMatchObject({
      amount: 12.5,
      message: 'Premio per la prima visita aggiornato',
    });
    expect(expectOk(await other.owner.client.rpc('first_visit_reward'))).toEqual({ amount: 12.5 });
    expect(expectOk(await set(0))).toMatchObject({
      amount: null,
      message: 'Premio per la prima visita disattivato',
    });
    expect(expectOk(await other.owner.client.rpc('first_visit_reward'))).toEqual({ amount: null });

    const refused = await other.client.client.rpc('set_first_visit_reward', { amount: 400 });
    expect(refused.error?.code).toBe('42501');
    expect(expectOk(await salon.owner.client.rpc('first_visit_reward'))).toEqual({ amount: 10 });
  });

  it('credits the sponsor once, on the friend’s first completed visit, named in her Crediti', async () => {
    const sponsor = await sponsorIn();
    const friend = await friendOf(sponsor.joined, 'Francesca Neri');
    const missed = await visitOf(friend);
    expectOk(
      await salon.owner.client.rpc('mark_visit', { reservation_id: missed, outcome: 'non presentata' }),
    );
    expect(await rewardsFor(friend)).toEqual([]);

    expectOk(await markDone(await visitOf(friend)));
    expectOk(await markDone(await visitOf(friend)));

    const credit = await creditOf(sponsor.persona);
    expect(cents(credit.available_credit)).toBe(1000);
    expect(credit.ledger).toEqual([
      expect.objectContaining({
        reason: 'first_visit_reward',
        amount: 10,
        reward_label: 'Premio per la prima visita di Francesca',
      }),
    ]);
    expect((await rewardsFor(friend)).map((row) => [row.client_id, cents(row.amount)])).toEqual([
      [sponsor.joined.client_id, 1000],
    ]);
    // The friend herself, and a client nobody brought, earn nothing from a visit.
    expect(cents((await creditOf(await signedAs(friend))).available_credit)).toBe(0);
    const alone = (await sponsorIn()).joined;
    expectOk(await markDone(await visitOf(alone)));
    expect(await rewardsFor(alone)).toEqual([]);
  });

  /** A persona for a friend who joined through the fixture: her own token. */
  async function signedAs(friend: JoinedClient): Promise<Persona> {
    const [row] = await sql<{ email: string }>('select email from app.clients where id = $1', [
      friend.client_id,
    ]);
    const client = server.client();
    expect(
      (await client.auth.signInWithPassword({ email: row!.email, password: 'password123' })).error,
    ).toBeNull();
    return { userId: friend.user_id, email: row!.email, token: '', client };
  }

  it('is taken back when the visit’s purchase is reversed', async () => {
    const sponsor = await sponsorIn();
    const friend = await friendOf(sponsor.joined, 'Paola Gialli');
    const visit = await visitOf(friend);
    const paid = expectOk<{ movement_id: string }>(
      await salon.owner.client.rpc('complete_visit_with_purchase', {
        reservation_id: visit,
        spend: 50,
        discount: 0,
      }),
    );
    const [reward] = await rewardsFor(friend);
    expect(reward!.movement_id).toBe(paid.movement_id);
    // Her share of the purchase (10%) and the reward.
    expect(cents((await creditOf(sponsor.persona)).available_credit)).toBe(500 + 1000);

    expectOk(
      await salon.owner.client.rpc('reverse_purchase', { movement_id: paid.movement_id, reason: 'Reso' }),
    );
    expect(cents((await creditOf(sponsor.persona)).available_credit)).toBe(0);
    expect(
      await sql<{ kind: string; amount: string }>(
        'select kind, amount::text from app.credit_ledger where reverses_entry = (select id from app.credit_ledger where referred_client_id = $1)',
        [friend.client_id],
      ),
    ).toEqual([{ kind: 'first_visit_reward', amount: '-10.00' }]);
    // Once per friend: a later visit earns nothing more.
    expectOk(await markDone(await visitOf(friend)));
    expect(cents((await creditOf(sponsor.persona)).available_credit)).toBe(0);
  });

  it('is granted once when two first visits complete at once', async () => {
    const sponsor = await sponsorIn();
    const friend = await friendOf(sponsor.joined, 'Chiara Azzurri');
    const [first, second] = [await visitOf(friend), await visitOf(friend)];
    const results = await Promise.all([
      markDone(first!),
      salon.owner.client.rpc('complete_visit_with_purchase', {
        reservation_id: second,
        spend: 30,
        discount: 0,
      }),
    ]);
    for (const result of results) expectOk(result);
    expect(await rewardsFor(friend)).toHaveLength(1);
    const [row] = await sql<{ balance: string; ledger: string }>(
      `select c.available_credit as balance,
              (select sum(l.amount) from app.credit_ledger l where l.client_id = c.id) as ledger
         from app.clients c where c.id = $1`,
      [sponsor.joined.client_id],
    );
    expect(cents(row!.balance)).toBe(cents(row!.ledger));
  });

  it('goes to no erased and no unconfirmed sponsor', async () => {
    const erased = await sponsorIn();
    const hers = await friendOf(erased.joined, 'Laura Viola');
    expectOk(
      await erased.persona.client.rpc('erase_my_account', {
        merchant_slug: salon.merchant.slug,
        confirmation: 'ELIMINA',
      }),
    );
    expectOk(await markDone(await visitOf(hers)));
    expect(await rewardsFor(hers)).toEqual([]);

    const unproven = await sponsorIn();
    const theirs = await friendOf(unproven.joined, 'Anna Blu');
    await sql('update app.address_confirmations set confirmed_at = null where user_id = $1', [
      unproven.persona.userId,
    ]);
    expectOk(await markDone(await visitOf(theirs)));
    expect(await rewardsFor(theirs)).toEqual([]);
  });

  it('counts toward the monthly referral cap and is cut to what is left of it', async () => {
    const capped = await openSalon(server, await createAdmin(server), 'Salone Tetto Premio');
    expectOk(
      await capped.owner.client.rpc('set_percentages', {
        personal: 5,
        sponsor1: 10,
        sponsor2: 0,
        sponsor3: 0,
      }),
    );
    expectOk(await capped.owner.client.rpc('set_referral_credit_cap', { cap: 15 }));
    expectOk(await capped.owner.client.rpc('set_first_visit_reward', { amount: 10 }));
    const sponsor = await sponsorIn(capped);
    const friend = await friendOf(sponsor.joined, 'Irene Grigi', capped);
    await registerPurchase(capped.owner.client, friend.client_code, 80);
    expectOk(await markDone(await visitOf(friend, capped), capped));
    expect((await rewardsFor(friend)).map((row) => cents(row.amount))).toEqual([700]);
    await registerPurchase(capped.owner.client, friend.client_code, 100);
    expect(cents((await creditOf(sponsor.persona, capped)).available_credit)).toBe(1500);

    const statistics = expectOk<{ first_visit_rewards: { given: number; count: number } }>(
      await capped.owner.client.rpc('merchant_statistics'),
    );
    expect(statistics.first_visit_rewards).toEqual({ given: 7, count: 1 });
  });
});
