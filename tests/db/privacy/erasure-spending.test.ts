import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cents,
  createAdmin,
  expectRefused,
  expectSucceeds,
  joinAsClient,
  openSalon,
  type JoinedClient,
  type Salon,
} from '../../support/fixtures.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

const refusal = 'Cliente rimosso: non può più fare acquisti né usare credito';

/** Root (the salon's member) -> Carla (erased) -> Dora -> Elsa, at 5 / 3 / 2 / 1 %. */
describe('an erased client neither buys, spends nor earns', () => {
  let server: TestServer;
  let salon: Salon;
  let carla: JoinedClient;
  let dora: JoinedClient;
  let elsa: JoinedClient;
  let doraBeforeErasure: string;

  const sql = async <Row = Record<string, unknown>>(text: string, params?: unknown[]) =>
    (await server.server.context.db.query<Row>(text, params)).rows;
  const buy = (client_code: string, spend: number, discount = 0) =>
    salon.owner.client.rpc('register_purchase', { client_code, spend, discount });
  const creditOf = async (clientId: string) =>
    cents(
      (
        await sql<{ credit: string }>('select available_credit as credit from app.clients where id = $1', [
          clientId,
        ])
      )[0]!.credit,
    );
  /** The credit entries one movement wrote, in cents, by client. */
  const entriesOf = async (movementId: string) =>
    (
      await sql<{ client_id: string; kind: string; amount: string }>(
        'select client_id, kind, amount from app.credit_ledger where movement_id = $1 order by kind',
        [movementId],
      )
    ).map((entry) => ({ client_id: entry.client_id, kind: entry.kind, amount: cents(entry.amount) }));
  const counts = async () =>
    (
      await sql(
        `select (select count(*) from app.movements where merchant_id = $1)::int as movements,
                (select count(*) from app.credit_ledger where merchant_id = $1)::int as entries`,
        [salon.merchant.id],
      )
    )[0];

  beforeAll(async () => {
    server = await startTestServer();
    salon = await openSalon(server, await createAdmin(server), 'Salone Conti Chiusi');
    const carlaJoin = await joinAsClient(server, salon.merchant.slug, {
      name: 'Carla Blu',
      sponsorCode: salon.member.client_code,
    });
    carla = carlaJoin.joined;
    dora = (
      await joinAsClient(server, salon.merchant.slug, { name: 'Dora Viola', sponsorCode: carla.client_code })
    ).joined;
    elsa = (
      await joinAsClient(server, salon.merchant.slug, { name: 'Elsa Rosa', sponsorCode: dora.client_code })
    ).joined;
    await expectSucceeds(buy(carla.client_code, 200));
    doraBeforeErasure = (await expectSucceeds<{ movement_id: string }>(buy(dora.client_code, 50)))
      .movement_id;
    expect(await creditOf(carla.client_id)).toBe(1000 + 150);
    await expectSucceeds(
      carlaJoin.persona.client.rpc('erase_my_account', {
        merchant_slug: salon.merchant.slug,
        confirmation: 'ELIMINA',
      }),
    );
  });
  afterAll(() => server?.stop());

  it('closes her balance with one erasure entry, so the ledger still equals every balance', async () => {
    expect(await creditOf(carla.client_id)).toBe(0);
    expect(
      await sql(
        `select kind, amount::text from app.credit_ledger where client_id = $1 and movement_id is null`,
        [carla.client_id],
      ),
    ).toEqual([{ kind: 'erasure', amount: '-11.50' }]);
    expect(
      await sql(
        `select c.code from app.clients c
          where c.merchant_id = $1
            and c.available_credit <> (select coalesce(sum(l.amount), 0) from app.credit_ledger l where l.client_id = c.id)`,
        [salon.merchant.id],
      ),
    ).toEqual([]);
  });

  it('refuses a purchase on her code, with or without a discount, and saves nothing', async () => {
    const before = await counts();
    expectRefused(await buy(carla.client_code, 20, 8), refusal);
    expectRefused(await buy(carla.client_code.toLowerCase(), 20, 0), refusal);
    expect(await counts()).toEqual(before);
    expect(await creditOf(carla.client_id)).toBe(0);
  });

  it('grants her nothing from a purchase below her, and the others exactly their shares', async () => {
    const byElsa = (await expectSucceeds<{ movement_id: string }>(buy(elsa.client_code, 33.33))).movement_id;
    expect(await entriesOf(byElsa)).toEqual([
      { client_id: elsa.client_id, kind: 'generation0', amount: 167 },
      { client_id: dora.client_id, kind: 'generation1', amount: 100 },
      { client_id: salon.member.client_id, kind: 'generation3', amount: 33 },
    ]);
    const memberBefore = await creditOf(salon.member.client_id);
    const byDora = (await expectSucceeds<{ movement_id: string }>(buy(dora.client_code, 100))).movement_id;
    expect(await entriesOf(byDora)).toEqual([
      { client_id: dora.client_id, kind: 'generation0', amount: 500 },
      { client_id: salon.member.client_id, kind: 'generation2', amount: 200 },
    ]);
    expect(await creditOf(salon.member.client_id)).toBe(memberBefore + 200);
    expect(await creditOf(carla.client_id)).toBe(0);
  });

  it('leaves her closed balance alone when a purchase that once credited her is reversed', async () => {
    const memberBefore = await creditOf(salon.member.client_id);
    const doraBefore = await creditOf(dora.client_id);
    const reversal = await expectSucceeds<{ reversal_id: string }>(
      salon.owner.client.rpc('reverse_purchase', {
        movement_id: doraBeforeErasure,
        reason: 'Errore di cassa',
      }),
    );
    expect(await entriesOf(reversal.reversal_id)).toEqual([
      { client_id: dora.client_id, kind: 'generation0', amount: -250 },
      { client_id: salon.member.client_id, kind: 'generation2', amount: -100 },
    ]);
    expect(await creditOf(carla.client_id)).toBe(0);
    expect(await creditOf(dora.client_id)).toBe(doraBefore - 250);
    expect(await creditOf(salon.member.client_id)).toBe(memberBefore - 100);
  });

  it('keeps Statistiche equal to the movements and the ledger, her purchases included', async () => {
    const statistics = await expectSucceeds<{
      totals: { available_credit: number; net: number; purchases: number };
    }>(salon.owner.client.rpc('merchant_statistics'));
    const [sums] = await sql<{ credit: string; net: string; purchases: number }>(
      `select (select sum(l.amount) from app.credit_ledger l where l.merchant_id = $1) as credit,
              (select sum(mv.net) from app.movements mv where mv.merchant_id = $1) as net,
              (select count(*) filter (where mv.reversal_of is null)
                      - count(*) filter (where mv.reversal_of is not null)
                 from app.movements mv where mv.merchant_id = $1)::int as purchases`,
      [salon.merchant.id],
    );
    expect(cents(statistics.totals.available_credit)).toBe(cents(sums!.credit));
    expect(cents(statistics.totals.net)).toBe(cents(sums!.net));
    expect(statistics.totals.purchases).toBe(sums!.purchases);
    expect(cents(statistics.totals.net)).toBe(20000 + 3333 + 10000);
  });
});
