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
import { useTestServer } from '../../support/use-test-server.ts';

interface PurchaseResult {
  movement_id: string;
  net: number;
  available_credit: number;
  message: string;
}

/** Cents of a rounded ledger entry: round half away from zero, as the migration's rule says. */
const entryCents = (netCents: number, percent: number) => {
  const exact = (netCents * percent) / 100;
  return Math.sign(exact) * Math.round(Math.abs(exact));
};

describe('registering a purchase (api.register_purchase)', () => {
  const server = useTestServer();
  let merchant: Persona;
  let salon: CreatedMerchant;
  let otherMerchant: Persona;
  // A five-client chain: root <- g1 <- g2 <- g3 <- buyer.
  const chain: JoinedClient[] = [];

  const balances = async () =>
    (
      await server.server.context.db.query<{ code: string; credit: string; ledger: string }>(
        `select c.code, c.available_credit::text as credit,
                coalesce((select sum(l.amount) from app.credit_ledger l where l.client_id = c.id), 0)::text as ledger
           from app.clients c order by c.code`,
      )
    ).rows;
  const creditOf = async (code: string) => cents((await balances()).find((row) => row.code === code)!.credit);

  beforeAll(async () => {
    const admin = await createAdmin(server);
    const created = await createMerchant(server, admin, 'Centro Estetico Luna');
    salon = created.merchant;
    merchant = created.persona;
    otherMerchant = (await createMerchant(server, admin, 'Altro Salone')).persona;
    let sponsorCode: string | undefined;
    for (const name of ['Anna Radice', 'Bea Prima', 'Carla Seconda', 'Dora Terza', 'Elena Compra']) {
      const { joined } = await joinAsClient(server, salon.slug, { name, sponsorCode });
      chain.push(joined);
      sponsorCode = joined.client_code;
    }
    const set = await merchant.client.rpc('set_percentages', {
      personal: 10,
      sponsor1: 5,
      sponsor2: 3,
      sponsor3: 2,
    });
    expect(set.data).toEqual({ message: 'Modifica avvenuta con successo!' });
  });

  it('credits the buyer and three sponsors, and nothing to the fourth ancestor', async () => {
    const [root, g1, g2, g3, buyer] = chain.map((client) => client.client_code) as [
      string,
      string,
      string,
      string,
      string,
    ];
    const result = await merchant.client.rpc('register_purchase', {
      client_code: buyer,
      spend: 100,
      discount: 0,
    });
    expect(result.error).toBeNull();
    const purchase = result.data as PurchaseResult;
    expect(purchase.message).toBe('Registrazione avvenuta con successo!');
    expect(cents(purchase.net)).toBe(10000);
    expect(cents(purchase.available_credit)).toBe(1000);
    expect(await creditOf(buyer)).toBe(1000);
    expect(await creditOf(g3)).toBe(500);
    expect(await creditOf(g2)).toBe(300);
    expect(await creditOf(g1)).toBe(200);
    expect(await creditOf(root)).toBe(0);
  });

  it('spends credit as a discount: net = spend - discount, buyer -= discount', async () => {
    const buyer = chain[4]!.client_code;
    const result = await merchant.client.rpc('register_purchase', {
      client_code: buyer.toLowerCase(),
      spend: 33.33,
      discount: 10,
    });
    expect(result.error).toBeNull();
    const purchase = result.data as PurchaseResult;
    expect(cents(purchase.net)).toBe(2333);
    // 1000 - 1000 + round(23.33 * 10%) = 2.333 -> 2.33
    expect(cents(purchase.available_credit)).toBe(entryCents(2333, 10));
    expect(await creditOf(chain[3]!.client_code)).toBe(500 + entryCents(2333, 5));
    expect(await creditOf(chain[2]!.client_code)).toBe(300 + entryCents(2333, 3));
    expect(await creditOf(chain[1]!.client_code)).toBe(200 + entryCents(2333, 2));

    const { rows } = await server.server.context.db.query<{ kind: string; amount: string }>(
      `select kind, amount::text from app.credit_ledger where movement_id = $1 order by kind`,
      [purchase.movement_id],
    );
    expect(rows.map((row) => [row.kind, cents(row.amount)])).toEqual([
      ['generation0', 233],
      ['generation1', 117],
      ['generation2', 70],
      ['generation3', 47],
      ['redemption', -1000],
    ]);
  });

  it('rounds each entry to cents half away from zero', async () => {
    // net 0.10 at 5% = 0.005 -> 0.01 for the first sponsor; at 10% = 0.01 for the buyer.
    const before = await creditOf(chain[3]!.client_code);
    const result = await merchant.client.rpc('register_purchase', {
      client_code: chain[4]!.client_code,
      spend: 0.1,
      discount: 0,
    });
    expect(result.error).toBeNull();
    expect((await creditOf(chain[3]!.client_code)) - before).toBe(1);
  });

  it('refuses invalid purchases with the Italian message and changes nothing', async () => {
    const before = await balances();
    const buyer = chain[4]!.client_code;
    const credit = await creditOf(buyer);
    const cases: [Record<string, unknown>, string][] = [
      [
        { spend: 1000, discount: (credit + 1) / 100 },
        'Errore: lo sconto da utilizzare deve essere inferiore o uguale allo sconto disponibile.',
      ],
      [
        { spend: 5, discount: 6 },
        "L'importo di spesa deve essere uguale o superiore allo sconto da utilizzare",
      ],
      [{ spend: null, discount: 0 }, "Inserisci l'importo di spesa e lo sconto da utilizzare"],
      [{ spend: 10, discount: null }, "Inserisci l'importo di spesa e lo sconto da utilizzare"],
      [{ spend: -1, discount: 0 }, 'Gli importi non possono essere negativi'],
      [{ spend: 10, discount: -1 }, 'Gli importi non possono essere negativi'],
      [{ spend: 10.001, discount: 0 }, 'Gli importi possono avere al massimo due decimali'],
      [{ spend: 0, discount: 0 }, "L'importo di spesa deve essere maggiore di zero"],
      [{ client_code: '' }, 'Seleziona un cliente'],
      [{ client_code: 'Z99999' }, 'Cliente non trovato'],
    ];
    for (const [args, message] of cases) {
      const result = await merchant.client.rpc('register_purchase', {
        client_code: buyer,
        spend: 10,
        discount: 0,
        ...args,
      });
      expect(result.error?.message, JSON.stringify(args)).toBe(message);
      expect(result.status).toBe(400);
    }
    const otherTenant = await otherMerchant.client.rpc('register_purchase', {
      client_code: buyer,
      spend: 10,
      discount: 0,
    });
    expect(otherTenant.error?.message).toBe('Cliente non trovato');
    const asClient = await server
      .client({ accessToken: await server.token({ sub: chain[0]!.user_id, role: 'authenticated' }) })
      .rpc('register_purchase', { client_code: buyer, spend: 10, discount: 0 });
    expect(asClient.status).toBe(403);
    expect(asClient.error?.message).toBe('Accesso negato: questo account non è un commerciante');
    const anon = await server
      .client()
      .rpc('register_purchase', { client_code: buyer, spend: 10, discount: 0 });
    expect(anon.status).toBe(401);
    expect(await balances()).toEqual(before);
  });

  it('loses no cent with 200 purchases in parallel over one sponsor chain', async () => {
    const before = new Map((await balances()).map((row) => [row.code, cents(row.credit)]));
    const spends = Array.from({ length: 200 }, (_, index) => 10 + (index % 17) + (index % 7) / 100);
    const buyers = spends.map((_, index) => chain[index % 5]!);
    const results = await Promise.all(
      spends.map((spend, index) =>
        merchant.client.rpc('register_purchase', {
          client_code: buyers[index]!.client_code,
          spend,
          discount: 0,
        }),
      ),
    );
    expect(results.filter((result) => result.error)).toEqual([]);

    // The formula, computed independently: each purchase credits the buyer and its first three sponsors.
    const expected = new Map(before);
    spends.forEach((spend, index) => {
      const position = index % 5;
      const netCents = Math.round(spend * 100);
      const add = (at: number, percent: number) => {
        if (at < 0) return;
        const code = chain[at]!.client_code;
        expected.set(code, expected.get(code)! + entryCents(netCents, percent));
      };
      add(position, 10);
      add(position - 1, 5);
      add(position - 2, 3);
      add(position - 3, 2);
    });
    const after = await balances();
    for (const row of after) {
      expect(cents(row.credit), row.code).toBe(cents(row.ledger));
      if (expected.has(row.code)) expect(cents(row.credit), row.code).toBe(expected.get(row.code));
    }
    const { rows } = await server.server.context.db.query<{ n: number }>(
      'select count(*)::int as n from app.movements',
    );
    expect(rows[0]!.n).toBe(203);
  });
});
