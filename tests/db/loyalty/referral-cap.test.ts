import { beforeAll, describe, expect, it } from 'vitest';
import {
  createAdmin,
  createMerchant,
  expectSucceeds,
  joinAsClient,
  registerPurchase,
  type CreatedMerchant,
  type JoinedClient,
  type Persona,
} from '../../support/fixtures.ts';
import { useTestServer } from '../../support/use-test-server.ts';

describe('a monthly cap on the credit a sponsor earns from referrals (salon setting, off by default)', () => {
  const server = useTestServer();
  let owner: Persona;
  let salon: CreatedMerchant;
  let other: { merchant: CreatedMerchant; persona: Persona };

  const credit = async (client: JoinedClient) =>
    Number(
      (
        await server.server.context.db.query<{ credit: string }>(
          'select available_credit::text as credit from app.clients where id = $1',
          [client.client_id],
        )
      ).rows[0]!.credit,
    );
  const ledgerEqualsBalances = async () =>
    (
      await server.server.context.db.query<{ n: number }>(
        `select count(*)::int as n from app.clients c
          where c.available_credit <> coalesce((select sum(l.amount) from app.credit_ledger l
                                                where l.client_id = c.id), 0)`,
      )
    ).rows[0]!.n;
  const join = async (where: CreatedMerchant, name: string, sponsor?: JoinedClient) =>
    (await joinAsClient(server, where.slug, { name, sponsorCode: sponsor?.client_code })).joined;
  const setCap = (persona: Persona, cap: unknown) => persona.client.rpc('set_referral_credit_cap', { cap });

  beforeAll(async () => {
    const admin = await createAdmin(server);
    ({ merchant: salon, persona: owner } = await createMerchant(server, admin, 'Salone Tetto'));
    other = await createMerchant(server, admin, 'Salone Senza Tetto');
    for (const { persona } of [{ persona: owner }, other]) {
      await expectSucceeds(
        persona.client.rpc('set_percentages', { personal: 5, sponsor1: 10, sponsor2: 5, sponsor3: 0 }),
      );
    }
  });

  it('is off until the salon sets it, and reads back as set', async () => {
    expect(await expectSucceeds(owner.client.rpc('referral_credit_cap'))).toEqual({ cap: null });
    await expectSucceeds(setCap(owner, 12));
    expect(await expectSucceeds(owner.client.rpc('referral_credit_cap'))).toEqual({ cap: 12 });
  });

  it('grants a sponsor her shares up to the cap, to the cent, and the buyers their own credit in full', async () => {
    const sponsor = await join(salon, 'Sofia Tetto');
    const [first, second, third] = [
      await join(salon, 'Rita Uno', sponsor),
      await join(salon, 'Rita Due', sponsor),
      await join(salon, 'Rita Tre', sponsor),
    ];
    const grandchild = await join(salon, 'Gina Nipote', first);

    await registerPurchase(owner.client, first!.client_code, 100);
    expect(await credit(sponsor)).toBe(10);
    await registerPurchase(owner.client, second!.client_code, 100);
    expect(await credit(sponsor)).toBe(12);
    await registerPurchase(owner.client, third!.client_code, 100);
    expect(await credit(sponsor)).toBe(12);
    // The sponsor's generation-2 share is capped too; her referral earns her own generation-1 share.
    await registerPurchase(owner.client, grandchild.client_code, 100);
    expect(await credit(sponsor)).toBe(12);
    expect(await credit(first!)).toBe(5 + 10);
    expect([await credit(second!), await credit(third!), await credit(grandchild)]).toEqual([5, 5, 5]);
    expect(await ledgerEqualsBalances()).toBe(0);
  });

  it('frees the room a reversed purchase took, and counts only this month (Europe/Rome)', async () => {
    const sponsor = await join(salon, 'Vera Tetto');
    const [first, second] = [await join(salon, 'Vera Uno', sponsor), await join(salon, 'Vera Due', sponsor)];
    const bought = await registerPurchase(owner.client, first!.client_code, 100);
    await registerPurchase(owner.client, second!.client_code, 100);
    expect(await credit(sponsor)).toBe(12);
    await expectSucceeds(
      owner.client.rpc('reverse_purchase', {
        movement_id: bought.movement_id,
        reason: 'Registrato per errore',
      }),
    );
    expect(await credit(sponsor)).toBe(2);
    await registerPurchase(owner.client, second!.client_code, 100);
    expect(await credit(sponsor)).toBe(12);

    // What she earned last month no longer counts against this month's cap.
    await server.server.context.db.query(
      `update app.credit_ledger set created_at = date_trunc('month', now() at time zone 'Europe/Rome')
                                                  at time zone 'Europe/Rome' - interval '1 second'
        where client_id = $1`,
      [sponsor.client_id],
    );
    await registerPurchase(owner.client, second!.client_code, 100);
    expect(await credit(sponsor)).toBe(22);
    expect(await ledgerEqualsBalances()).toBe(0);
  });

  it('never grants more than the cap when purchases below one sponsor run at once', async () => {
    await expectSucceeds(setCap(owner, 25));
    const sponsor = await join(salon, 'Ugo Tetto');
    const referrals: JoinedClient[] = [];
    for (let index = 0; index < 10; index += 1) referrals.push(await join(salon, `Amico ${index}`, sponsor));
    await Promise.all(referrals.map((referral) => registerPurchase(owner.client, referral.client_code, 100)));
    expect(await credit(sponsor)).toBe(25);
    expect(await ledgerEqualsBalances()).toBe(0);
  });

  it('applies to its own salon only, and grants full shares again once removed', async () => {
    const elsewhere = await join(other.merchant, 'Olga Altrove');
    for (const name of ['Alfa', 'Beta', 'Gamma']) {
      await registerPurchase(
        other.persona.client,
        (await join(other.merchant, name, elsewhere)).client_code,
        100,
      );
    }
    expect(await credit(elsewhere)).toBe(30);

    await expectSucceeds(setCap(owner, null));
    expect(await expectSucceeds(owner.client.rpc('referral_credit_cap'))).toEqual({ cap: null });
    const sponsor = await join(salon, 'Zoe Libera');
    for (const name of ['Uno', 'Due']) {
      await registerPurchase(owner.client, (await join(salon, `Zoe ${name}`, sponsor)).client_code, 100);
    }
    expect(await credit(sponsor)).toBe(20);
  });

  it('refuses a cap that is not a positive amount in cents, or set by anyone but the salon', async () => {
    await expectSucceeds(setCap(owner, 12));
    for (const [cap, message] of [
      [0, 'Il tetto mensile deve essere maggiore di zero e al massimo € 100.000,00'],
      [-5, 'Il tetto mensile deve essere maggiore di zero e al massimo € 100.000,00'],
      [100000.01, 'Il tetto mensile deve essere maggiore di zero e al massimo € 100.000,00'],
      [1.234, 'Il tetto mensile può avere al massimo due decimali'],
      ['NaN', 'Il tetto mensile non è un numero valido'],
    ] as const) {
      const refused = await setCap(owner, cap);
      expect(refused.error?.message).toBe(message);
      expect(refused.status).toBe(400);
    }
    const { persona: customer } = await joinAsClient(server, salon.slug, { name: 'Cliente Curiosa' });
    expect((await setCap(customer, 1)).error?.code).toBe('42501');
    expect((await server.client().rpc('set_referral_credit_cap', { cap: 1 })).error).not.toBeNull();
    expect(await expectSucceeds(owner.client.rpc('referral_credit_cap'))).toEqual({ cap: 12 });
  });
});
