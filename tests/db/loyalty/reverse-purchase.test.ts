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
import { registerPurchase } from '../../support/purchases.ts';
import { useTestServer } from '../../support/use-test-server.ts';

interface LedgerEntry {
  amount: number;
  reason: string;
  reversal_label: string | null;
  movement_id: string;
}

describe('reversing a purchase (api.reverse_purchase)', () => {
  const server = useTestServer();
  let merchant: Persona;
  let salon: CreatedMerchant;
  let otherMerchant: Persona;
  let buyerPersona: Persona;
  let firstSponsorPersona: Persona;
  // root <- g1 <- g2 <- g3 <- buyer: the buyer's purchase credits g3, g2 and g1, never root.
  const chain: JoinedClient[] = [];
  const codes = () => chain.map((client) => client.client_code);
  const buyerCode = () => codes()[4]!;

  const balances = async () =>
    new Map(
      (
        await server.server.context.db.query<{ code: string; credit: string; ledger: string }>(
          `select c.code, c.available_credit::text as credit,
                  coalesce((select sum(l.amount) from app.credit_ledger l where l.client_id = c.id), 0)::text as ledger
             from app.clients c`,
        )
      ).rows.map((row) => [row.code, { credit: cents(row.credit), ledger: cents(row.ledger) }]),
    );
  const creditsOf = async () => {
    const all = await balances();
    for (const [code, row] of all) expect(row.credit, code).toBe(row.ledger);
    return codes().map((code) => all.get(code)!.credit);
  };
  const purchase = async (spend: number, discount: number) =>
    (await registerPurchase(merchant.client, buyerCode(), spend, discount)).movement_id;
  const reverse = (persona: Persona, movementId: string, reason = 'Registrato per errore') =>
    persona.client.rpc('reverse_purchase', { movement_id: movementId, reason });

  beforeAll(async () => {
    const admin = await createAdmin(server);
    const created = await createMerchant(server, admin, 'Salone Storno');
    salon = created.merchant;
    merchant = created.persona;
    otherMerchant = (await createMerchant(server, admin, 'Altro Salone Storno')).persona;
    let sponsorCode: string | undefined;
    for (const name of ['Anna Radice', 'Bea Prima', 'Carla Seconda', 'Dora Terza', 'Elena Compra']) {
      const { joined, persona } = await joinAsClient(server, salon.slug, { name, sponsorCode });
      chain.push(joined);
      firstSponsorPersona = buyerPersona;
      buyerPersona = persona;
      sponsorCode = joined.client_code;
    }
    const set = await merchant.client.rpc('set_percentages', {
      personal: 10,
      sponsor1: 5,
      sponsor2: 3,
      sponsor3: 2,
    });
    expect(set.error).toBeNull();
  });

  it('takes back exactly what the purchase gave and returns the discount used', async () => {
    await purchase(200, 0); // the buyer gets 20.00 to spend
    const before = await creditsOf();
    const movementId = await purchase(99.99, 12.34);
    const after = await creditsOf();
    expect(after).not.toEqual(before);

    const result = await reverse(merchant, movementId);
    expect(result.error).toBeNull();
    expect(result.data).toMatchObject({ message: 'Storno registrato con successo!' });
    expect(await creditsOf()).toEqual(before);

    const entries = await server.server.context.db.query<{ kind: string; amount: string; original: string }>(
      `select l.kind, l.amount::text, o.amount::text as original
         from app.credit_ledger l join app.credit_ledger o on o.id = l.reverses_entry
        where o.movement_id = $1`,
      [movementId],
    );
    expect(entries.rows.map((row) => row.kind).sort()).toEqual(
      ['generation0', 'generation1', 'generation2', 'generation3', 'redemption'].sort(),
    );
    for (const row of entries.rows) expect(cents(row.amount)).toBe(-cents(row.original));
  });

  it('nets the purchase out of the statistics and marks it reversed with its reason', async () => {
    const statsBefore = (await merchant.client.rpc('merchant_statistics')).data as {
      totals: { gross: number; net: number; discounts: number; purchases: number };
    };
    const movementId = await purchase(50, 0);
    const reversed = await reverse(merchant, movementId, '  Cliente rimborsata  ');
    expect(reversed.error).toBeNull();
    const statsAfter = (await merchant.client.rpc('merchant_statistics')).data as typeof statsBefore;
    expect(cents(statsAfter.totals.gross)).toBe(cents(statsBefore.totals.gross));
    expect(cents(statsAfter.totals.net)).toBe(cents(statsBefore.totals.net));
    expect(statsAfter.totals.purchases).toBe(statsBefore.totals.purchases);

    const reversalId = (reversed.data as { reversal_id: string }).reversal_id;
    // Movimenti's one request carries each row's reversal.
    const page = await merchant.client.rpc('merchant_movements', {
      client_code: buyerCode(),
      page_size: 1000,
    });
    expect(page.error).toBeNull();
    const rows = (page.data as { movements: { id: string; reversal: unknown }[] }).movements;
    expect(rows.find((row) => row.id === movementId)!.reversal).toEqual({
      reversed_by: reversalId,
      reversal_of: null,
      reason: 'Cliente rimborsata',
      reversed_at: expect.any(String),
    });
    expect(rows.find((row) => row.id === reversalId)!.reversal).toEqual({
      reversed_by: null,
      reversal_of: movementId,
      reason: 'Cliente rimborsata',
      reversed_at: expect.any(String),
    });
    expect(rows.filter((row) => row.reversal === null).length).toBeGreaterThan(0);

    const credit = await buyerPersona.client.rpc('client_credit', { merchant_slug: salon.slug });
    const ledger = (credit.data as { ledger: LedgerEntry[] }).ledger;
    const label = `Storno acquisto del ${new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date()).replaceAll('/', '-')}`;
    const reversalEntries = ledger.filter((entry) => entry.movement_id === reversalId);
    expect(reversalEntries.length).toBeGreaterThan(0);
    for (const entry of reversalEntries)
      expect(entry).toMatchObject({ reason: 'reversal', reversal_label: label });

    // The first sponsor cannot read the buyer's movement, yet its entry names the purchase's date too.
    const sponsorCredit = await firstSponsorPersona.client.rpc('client_credit', {
      merchant_slug: salon.slug,
    });
    const sponsorEntries = (sponsorCredit.data as { ledger: LedgerEntry[] }).ledger.filter(
      (entry) => entry.movement_id === reversalId,
    );
    expect(sponsorEntries).toHaveLength(1);
    expect(sponsorEntries[0]).toMatchObject({ reason: 'reversal', reversal_label: label });
    expect(cents(sponsorEntries[0]!.amount)).toBe(-250); // 5% of € 50,00 taken back
  });

  it('lets a balance go negative when the credit was spent, and then refuses discounts only', async () => {
    const [, , , , buyerStart] = await creditsOf();
    const movementId = await purchase(1000, 0); // +100.00 to the buyer
    const [, , , , withCredit] = await creditsOf();
    expect(withCredit! - buyerStart!).toBe(10000);
    await purchase(withCredit! / 100, withCredit! / 100); // the buyer spends everything
    expect((await creditsOf())[4]).toBe(0);

    expect((await reverse(merchant, movementId)).error).toBeNull();
    const [, , , , negative] = await creditsOf();
    expect(negative).toBe(-10000);
    const seen = await buyerPersona.client.rpc('client_profile', { merchant_slug: salon.slug });
    expect(cents((seen.data as { available_credit: number }).available_credit)).toBe(-10000);

    const withDiscount = await merchant.client.rpc('register_purchase', {
      client_code: buyerCode(),
      spend: 10,
      discount: 0.01,
    });
    expect(withDiscount.error?.message).toBe(
      'Errore: lo sconto da utilizzare deve essere inferiore o uguale allo sconto disponibile.',
    );
    await purchase(10, 0); // a purchase without discount is still registered and credits 1.00
    expect((await creditsOf())[4]).toBe(-10000 + 100);
  });

  it('reverses a purchase at most once, and never a reversal', async () => {
    const movementId = await purchase(30, 0);
    const first = await reverse(merchant, movementId);
    expect(first.error).toBeNull();
    const twice = await reverse(merchant, movementId);
    expect(twice.error?.message).toBe('Questo acquisto è già stato stornato');
    const ofReversal = await reverse(merchant, (first.data as { reversal_id: string }).reversal_id);
    expect(ofReversal.error?.message).toBe('Uno storno non può essere stornato');
  });

  it('refuses a missing or too long reason, saving nothing', async () => {
    const movementId = await purchase(20, 0);
    const before = await creditsOf();
    const missing = await reverse(merchant, movementId, '   ');
    expect(missing.error?.message).toBe('Il motivo dello storno è obbligatorio');
    const tooLong = await reverse(merchant, movementId, 'x'.repeat(501));
    expect(tooLong.error?.message).toBe('Il motivo dello storno può contenere al massimo 500 caratteri');
    expect(await creditsOf()).toEqual(before);
    expect((await reverse(merchant, movementId, 'x'.repeat(500))).error).toBeNull();
  });

  it('refuses another merchant, a client and an anonymous caller', async () => {
    const movementId = await purchase(40, 0);
    const before = await creditsOf();
    expect((await reverse(otherMerchant, movementId)).error?.message).toBe('Acquisto non trovato');
    expect((await reverse(buyerPersona, movementId)).error?.message).toBe(
      'Accesso negato: questo account non è un commerciante',
    );
    const anonymous = await server.client().rpc('reverse_purchase', { movement_id: movementId, reason: 'x' });
    expect(anonymous.error).not.toBeNull();
    expect(await creditsOf()).toEqual(before);
  });

  it('refuses a purchase older than the window, which the merchant reads and sets', async () => {
    expect((await merchant.client.rpc('get_reversal_window')).data).toEqual({ days: 30 });
    const movementId = await purchase(25, 0);
    await server.server.context.db.query(
      `update app.movements set created_at = now() - interval '31 days' where id = $1`,
      [movementId],
    );
    const late = await reverse(merchant, movementId);
    expect(late.error?.message).toBe("Lo storno è possibile entro 30 giorni dall'acquisto");

    expect((await merchant.client.rpc('set_reversal_window', { days: 0 })).error?.message).toBe(
      'I giorni per lo storno devono essere compresi tra 1 e 365',
    );
    expect((await buyerPersona.client.rpc('set_reversal_window', { days: 60 })).error).not.toBeNull();
    expect((await merchant.client.rpc('set_reversal_window', { days: 60 })).error).toBeNull();
    expect((await merchant.client.rpc('get_reversal_window')).data).toEqual({ days: 60 });
    expect((await reverse(merchant, movementId)).error).toBeNull();
  });

  it('lets exactly one of 20 racing reversals of one purchase through', async () => {
    const before = await creditsOf();
    const movementId = await purchase(77.77, 0);
    const results = await Promise.all(Array.from({ length: 20 }, () => reverse(merchant, movementId)));
    expect(results.filter((result) => result.error === null)).toHaveLength(1);
    const refusals = results.filter((result) => result.error !== null).map((result) => result.error?.message);
    expect(new Set(refusals)).toEqual(new Set(['Questo acquisto è già stato stornato']));
    expect(await creditsOf()).toEqual(before);
  });
});
