import { beforeAll, describe, expect, it } from 'vitest';
import {
  cents,
  createAdmin,
  createMerchant,
  joinAsClient,
  type CreatedMerchant,
  type JoinedClient,
  type Persona,
} from '../../support/personas.ts';
import type { TestServer } from '../../support/test-server.ts';
import { useTestServer } from '../../support/use-test-server.ts';

/** One person, several salons: the same account is a client of A and of B, each with its own code. */
describe('one account, clients of several salons', () => {
  const server = useTestServer();
  let ownerA: Persona;
  let ownerB: Persona;
  let salonA: CreatedMerchant;
  let salonB: CreatedMerchant;
  let sponsorAtB: JoinedClient;
  let maria: { joined: JoinedClient; persona: Persona };
  let signedIn: ReturnType<TestServer['client']>;
  let joinedB: JoinedClient;

  beforeAll(async () => {
    const admin = await createAdmin(server);
    ({ merchant: salonA, persona: ownerA } = await createMerchant(server, admin, 'Salone Aurora'));
    ({ merchant: salonB, persona: ownerB } = await createMerchant(server, admin, 'Centro Brezza'));
    await ownerA.client.rpc('set_percentages', { personal: 10, sponsor1: 5, sponsor2: 3, sponsor3: 2 });
    await ownerB.client.rpc('set_percentages', { personal: 20, sponsor1: 5, sponsor2: 3, sponsor3: 2 });
    maria = await joinAsClient(server, salonA.slug, { name: 'Maria Rossi' });
    sponsorAtB = (await joinAsClient(server, salonB.slug, { name: 'Bea Neri' })).joined;
    // Two B codes are taken before Maria joins B: hers is the third.
    await joinAsClient(server, salonB.slug, { name: 'Carla Blu' });
  });

  it('refuses the known e-mail to a visitor, then joins B once signed in with that password', async () => {
    const anonymous = await server.client().rpc('join_merchant', {
      merchant_slug: salonB.slug,
      privacy_accepted: true,
      name: 'Maria Rossi',
      email: maria.persona.email,
      password: 'password123',
    });
    expect(anonymous.error?.message).toBe('Email già registrata: accedi per continuare');
    expect(anonymous.error?.hint).toBe('email_exists');

    signedIn = server.client();
    const wrong = await signedIn.auth.signInWithPassword({
      email: maria.persona.email,
      password: 'sbagliata',
    });
    expect(wrong.error).not.toBeNull();
    const session = await signedIn.auth.signInWithPassword({
      email: maria.persona.email,
      password: 'password123',
    });
    expect(session.error).toBeNull();
    const joined = await signedIn.rpc('join_merchant', {
      merchant_slug: salonB.slug,
      privacy_accepted: true,
      name: 'Maria Rossi',
      email: maria.persona.email,
      password: null,
      phone: '3331234567',
      sponsor_code: sponsorAtB.client_code.toLowerCase(),
    });
    expect(joined.error).toBeNull();
    joinedB = joined.data as JoinedClient;
    expect(joinedB.user_id).toBe(maria.persona.userId);
    expect(joinedB.client_code).toBe(`${salonB.code_prefix}00003`);
    expect(joinedB.client_id).not.toBe(maria.joined.client_id);

    const { rows } = await server.server.context.db.query<{
      users: number;
      sponsor: string;
      generation: number;
    }>(
      `select (select count(*)::int from auth.users where email = lower($2)) as users,
              s.code as sponsor, c.generation
         from app.clients c join app.clients s on s.id = c.sponsor_id where c.id = $1`,
      [joinedB.client_id, maria.persona.email],
    );
    expect(rows[0]).toEqual({ users: 1, sponsor: sponsorAtB.client_code, generation: 1 });
  });

  it('lists both salons in whoami, each with its own code, in joining order', async () => {
    const me = await signedIn.rpc('whoami');
    expect(me.error).toBeNull();
    expect((me.data as { clients: unknown[] }).clients).toEqual([
      expect.objectContaining({
        code: maria.joined.client_code,
        merchant_slug: salonA.slug,
        merchant_name: 'Salone Aurora',
        merchant_logo_url: null,
      }),
      expect.objectContaining({
        code: joinedB.client_code,
        merchant_slug: salonB.slug,
        merchant_name: 'Centro Brezza',
        merchant_logo_url: null,
      }),
    ]);
  });

  it("gives each membership its own salon's logo once uploaded", async () => {
    await server.server.context.db.query(
      `insert into storage.objects (bucket_id, name) values ('loghi', $1)`,
      [`${salonB.slug}.png`],
    );
    const me = await signedIn.rpc('whoami');
    expect(
      (me.data as { clients: { merchant_slug: string; merchant_logo_url: string | null }[] }).clients.map(
        (client) => [client.merchant_slug, client.merchant_logo_url],
      ),
    ).toEqual([
      [salonA.slug, null],
      [salonB.slug, `${salonB.slug}.png`],
    ]);
  });

  it('keeps balances, purchases and trees of each salon apart', async () => {
    const atA = await ownerA.client.rpc('register_purchase', {
      client_code: maria.joined.client_code,
      spend: 100,
      discount: 0,
    });
    expect(atA.error).toBeNull();
    const atB = await ownerB.client.rpc('register_purchase', {
      client_code: joinedB.client_code,
      spend: 50,
      discount: 0,
    });
    expect(atB.error).toBeNull();
    // A's merchant cannot reach Maria's B code, nor B's merchant her A code.
    const crossed = await ownerA.client.rpc('register_purchase', {
      client_code: joinedB.client_code,
      spend: 10,
      discount: 0,
    });
    expect(crossed.error).not.toBeNull();

    const credit = async (slug: string) =>
      cents(
        ((await signedIn.rpc('client_credit', { merchant_slug: slug })).data as { available_credit: unknown })
          .available_credit,
      );
    expect(await credit(salonA.slug)).toBe(1000);
    expect(await credit(salonB.slug)).toBe(1000);

    const profileA = await signedIn.rpc('client_profile', { merchant_slug: salonA.slug });
    const profileB = await signedIn.rpc('client_profile', { merchant_slug: salonB.slug });
    expect(profileA.data).toMatchObject({
      code: maria.joined.client_code,
      merchant_name: 'Salone Aurora',
      phone: null,
    });
    expect(profileB.data).toMatchObject({
      code: joinedB.client_code,
      merchant_name: 'Centro Brezza',
      phone: '3331234567',
    });

    const purchases = async (slug: string) =>
      ((await signedIn.rpc('client_purchases', { merchant_slug: slug })).data as { spend: unknown }[]).map(
        (row) => cents(row.spend),
      );
    expect(await purchases(salonA.slug)).toEqual([10000]);
    expect(await purchases(salonB.slug)).toEqual([5000]);

    // Bea, Maria's sponsor at B, earned from Maria's B purchase only.
    const { rows } = await server.server.context.db.query<{ code: string; credit: string }>(
      `select c.code, c.available_credit::text as credit from app.clients c where c.id = $1`,
      [sponsorAtB.client_id],
    );
    expect(cents(rows[0]!.credit)).toBe(250);
  });

  it('updates the phone at one salon only', async () => {
    const updated = await signedIn.rpc('update_client_phone', {
      merchant_slug: salonA.slug,
      phone: '3330000000',
    });
    expect(updated.error).toBeNull();
    expect((await signedIn.rpc('client_profile', { merchant_slug: salonA.slug })).data).toMatchObject({
      phone: '3330000000',
    });
    expect((await signedIn.rpc('client_profile', { merchant_slug: salonB.slug })).data).toMatchObject({
      phone: '3331234567',
    });
  });
});
