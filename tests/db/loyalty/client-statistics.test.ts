import { beforeAll, describe, expect, it } from 'vitest';
import {
  createAdmin,
  createMerchant,
  joinAsClient,
  type CreatedMerchant,
  type JoinedClient,
  type Persona,
} from '../../support/personas.ts';
import { registerPurchase } from '../../support/purchases.ts';
import { useTestServer } from '../../support/use-test-server.ts';

interface ClientFigures {
  code: string;
  name: string;
  total_purchases: number;
  purchases_count: number;
  generation1_count: number;
  generation2_count: number;
  generation3_count: number;
  generation1_revenue: number;
  generation2_revenue: number;
  generation3_revenue: number;
}

interface FiguresPage {
  total: number;
  clients: ClientFigures[];
}

// Statistiche read per-client figures kept by triggers; the ledger stays the truth and
// app_private.client_statistics_drift recomputes them from it.
describe('per-client statistics kept with each purchase', () => {
  const server = useTestServer();
  let admin: Persona;
  let merchant: Persona;
  let salon: CreatedMerchant;
  const tree: JoinedClient[] = [];
  let firstClient: Persona;
  const db = () => server.server.context.db;

  const drift = async () =>
    (
      await db().query<{ client_id: string }>(
        'select client_id from app_private.client_statistics_drift(array(select id from app.merchants))',
      )
    ).rows;
  const page = async (persona: Persona, pageNumber: number, pageSize: number) => {
    const { data, error } = await persona.client.rpc('merchant_client_statistics', {
      page: pageNumber,
      page_size: pageSize,
    });
    expect(error).toBeNull();
    return data as FiguresPage;
  };
  const figuresOf = async (code: string) =>
    (await page(merchant, 1, 1000)).clients.find((row) => row.code === code)!;
  const buy = async (code: string, spend: number, discount = 0) =>
    (await registerPurchase(merchant.client, code, spend, discount)).movement_id;

  beforeAll(async () => {
    admin = await createAdmin(server);
    ({ merchant: salon, persona: merchant } = await createMerchant(server, admin, 'Statistiche Tenute'));
    // Anna → Bea → Carla → Dora → Elena: four generations below Anna, the fourth beyond her reach.
    let sponsorCode: string | undefined;
    for (const name of ['Anna Radice', 'Bea Prima', 'Carla Seconda', 'Dora Terza', 'Elena Quarta']) {
      const { joined, persona } = await joinAsClient(server, salon.slug, { name, sponsorCode });
      firstClient ??= persona;
      tree.push(joined);
      sponsorCode = joined.client_code;
    }
  });

  it('counts the clients each one brought in, three generations deep', async () => {
    expect(await figuresOf(tree[0]!.client_code)).toMatchObject({
      generation1_count: 1,
      generation2_count: 1,
      generation3_count: 1,
    });
    expect(await figuresOf(tree[3]!.client_code)).toMatchObject({
      generation1_count: 1,
      generation2_count: 0,
      generation3_count: 0,
    });
    expect(await drift()).toEqual([]);
  });

  it('adds a purchase to the buyer and to her three sponsors, and a reversal takes it back', async () => {
    const movementId = await buy(tree[4]!.client_code, 80, 0);
    expect(await figuresOf(tree[4]!.client_code)).toMatchObject({ total_purchases: 80, purchases_count: 1 });
    expect(await figuresOf(tree[3]!.client_code)).toMatchObject({ generation1_revenue: 80 });
    expect(await figuresOf(tree[2]!.client_code)).toMatchObject({ generation2_revenue: 80 });
    expect(await figuresOf(tree[1]!.client_code)).toMatchObject({ generation3_revenue: 80 });
    // Anna is four generations above Elena: nothing.
    expect(await figuresOf(tree[0]!.client_code)).toMatchObject({
      generation1_revenue: 0,
      generation2_revenue: 0,
      generation3_revenue: 0,
    });
    expect(await drift()).toEqual([]);

    const reversed = await merchant.client.rpc('reverse_purchase', {
      movement_id: movementId,
      reason: 'Registrato per errore',
    });
    expect(reversed.error).toBeNull();
    expect(await figuresOf(tree[4]!.client_code)).toMatchObject({ total_purchases: 0, purchases_count: 0 });
    expect(await figuresOf(tree[1]!.client_code)).toMatchObject({ generation3_revenue: 0 });
    expect(await drift()).toEqual([]);
  });

  it('stays exact under racing purchases of clients who share sponsors (no deadlock, no lost update)', async () => {
    const buyers = [tree[1]!, tree[2]!, tree[3]!, tree[4]!];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        merchant.client.rpc('register_purchase', {
          client_code: buyers[index % buyers.length]!.client_code,
          spend: 10 + index,
          discount: 0,
        }),
      ),
    );
    expect(results.map((result) => result.error)).toEqual(results.map(() => null));
    expect(await drift()).toEqual([]);
    // Bea: her five purchases (10, 14, 18, 22, 26) plus what Carla, Dora and Elena spent below her.
    const bea = await figuresOf(tree[1]!.client_code);
    expect(bea).toMatchObject({ total_purchases: 90, purchases_count: 5 });
    expect(bea.generation1_revenue + bea.generation2_revenue + bea.generation3_revenue).toBe(
      [1, 2, 3].reduce(
        (sum, offset) => sum + [0, 1, 2, 3, 4].reduce((s, k) => s + 10 + offset + 4 * k, 0),
        0,
      ),
    );
  });

  it('pages the table by client code, and Statistiche carry totals and rankings only', async () => {
    const codes = tree.map((member) => member.client_code).sort();
    const first = await page(merchant, 1, 2);
    const third = await page(merchant, 3, 2);
    expect(first.total).toBe(5);
    expect(first.clients.map((row) => row.code)).toEqual(codes.slice(0, 2));
    expect(third.clients.map((row) => row.code)).toEqual(codes.slice(4));
    expect((await page(merchant, 4, 2)).clients).toEqual([]);

    const { data } = await merchant.client.rpc('merchant_statistics');
    expect(Object.keys(data as object).sort()).toEqual([
      'adjustments',
      'first_visit_rewards',
      'revenue',
      'revenue_by_origin',
      'top_by_first_generation',
      'top_by_first_generation_revenue',
      'top_by_purchases',
      'totals',
      'visits',
    ]);
  });

  it('refuses bad pages and every caller but the salon', async () => {
    for (const args of [
      { page: 0, page_size: 20 },
      { page: 1, page_size: 0 },
      { page: 1, page_size: 1001 },
    ]) {
      const { error } = await merchant.client.rpc('merchant_client_statistics', args);
      expect(error, JSON.stringify(args)).toMatchObject({ code: 'P0001', message: 'Pagina non valida' });
    }
    const asClient = await firstClient.client.rpc('merchant_client_statistics');
    expect(asClient.error?.code).toBe('42501');
    const asAnon = await server.client().rpc('merchant_client_statistics');
    expect(asAnon.error).not.toBeNull();
    expect(asAnon.data).toBeNull();
    const other = (await createMerchant(server, admin, 'Altro Salone Statistiche')).persona;
    expect(await page(other, 1, 100)).toEqual({ total: 0, clients: [] });
    // The kept rows under RLS: the other salon reads none of this salon's.
    const { data: rows } = await other.client
      .schema('app' as never)
      .from('client_statistics')
      .select('*');
    expect(rows ?? []).toEqual([]);
  });

  it('rebuilds a salon whose purchases were changed by hand', async () => {
    await db().query(
      `update app.movements set spend = spend + 5 where client_id = (select id from app.clients where code = $1)`,
      [tree[3]!.client_code],
    );
    expect(await drift()).toEqual([]);
  });
});
