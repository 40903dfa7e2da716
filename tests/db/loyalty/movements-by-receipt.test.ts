import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../support/use-test-server.ts';
import { createAdmin, expectOk, openSalon, type Salon } from '../../support/fixtures.ts';

interface Movement {
  id: string;
  receipt_number: string | null;
  reversal: { reversed_by: string | null; reversal_of: string | null; reason: string } | null;
}
interface Page {
  total: number;
  movements: Movement[];
}

describe('loyalty: Movimenti filtered by the fiscal document number (merchant_movements receipt_number)', () => {
  const server = useTestServer();
  let salon: Salon;
  let other: Salon;
  const ids: Record<string, string> = {};

  const list = async (as: Salon, args: Record<string, unknown>) =>
    expectOk<Page>(await as.owner.client.rpc('merchant_movements', { page_size: 100, ...args }));
  const idsOf = (page: Page) => page.movements.map((row) => row.id).sort();
  const purchase = async (as: Salon, receipt: string | null) =>
    expectOk<{ movement_id: string }>(
      await as.owner.client.rpc('register_purchase', {
        client_code: as.member.client_code,
        spend: 30,
        discount: 0,
        receipt_number: receipt,
      }),
    ).movement_id;

  beforeAll(async () => {
    const admin = await createAdmin(server);
    salon = await openSalon(server, admin, 'Salone Documenti');
    other = await openSalon(server, admin, 'Altro Salone Documenti');
    ids.first = await purchase(salon, 'RT-0012-0034');
    ids.second = await purchase(salon, 'RT-0012-0035');
    ids.third = await purchase(salon, 'RT-0099-0001');
    ids.wildcard = await purchase(salon, '50%_OFF');
    ids.none = await purchase(salon, null);
    ids.refunded = await purchase(salon, 'RT-0200-0001');
    ids.storno = expectOk<{ reversal_id: string }>(
      await salon.owner.client.rpc('reverse_purchase', {
        movement_id: ids.refunded,
        reason: 'Reso',
        receipt_number: 'RES-0007',
      }),
    ).reversal_id;
    ids.foreign = await purchase(other, 'RT-0012-0036');
  });

  it('finds a document by its whole number or its first characters, case ignored, with its total', async () => {
    expect(idsOf(await list(salon, { receipt_number: 'RT-0012-0034' }))).toEqual([ids.first]);
    const prefix = await list(salon, { receipt_number: '  rt-0012 ' });
    expect(idsOf(prefix)).toEqual([ids.first, ids.second].sort());
    expect(prefix.total).toBe(2);
    expect((await list(salon, { receipt_number: 'RT-0012', page_size: 1 })).total).toBe(2);
    expect((await list(salon, { receipt_number: 'RT-9' })).movements).toEqual([]);
  });

  it("finds a purchase by its storno's document, beside the storno, each with its reversal", async () => {
    const page = await list(salon, { receipt_number: 'res-0007' });
    expect(idsOf(page)).toEqual([ids.refunded, ids.storno].sort());
    const byId = new Map(page.movements.map((row) => [row.id, row]));
    expect(byId.get(ids.refunded!)!.reversal).toMatchObject({ reversed_by: ids.storno, reason: 'Reso' });
    expect(byId.get(ids.storno!)!.reversal).toMatchObject({ reversal_of: ids.refunded, reason: 'Reso' });
    expect(idsOf(await list(salon, { receipt_number: 'RT-0200' }))).toEqual([ids.refunded]);
  });

  it('reads % and _ as characters, and a blank number as no filter', async () => {
    expect(idsOf(await list(salon, { receipt_number: '50%_' }))).toEqual([ids.wildcard]);
    expect((await list(salon, { receipt_number: '%' })).movements).toEqual([]);
    expect((await list(salon, { receipt_number: '_' })).movements).toEqual([]);
    expect((await list(salon, { receipt_number: '   ' })).total).toBe(7);
  });

  it('combines with the client and dates, and never shows another salon its documents', async () => {
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Rome' });
    expect(
      idsOf(
        await list(salon, {
          receipt_number: 'RT-0012-0034',
          client_code: salon.member.client_code,
          date_from: today,
          date_to: today,
        }),
      ),
    ).toEqual([ids.first]);
    expect(
      (await list(salon, { receipt_number: 'RT-0012', client_code: other.member.client_code })).total,
    ).toBe(0);
    expect(idsOf(await list(other, { receipt_number: 'RT-0012' }))).toEqual([ids.foreign]);
    expect(idsOf(await list(salon, { receipt_number: 'RT-0012-0036' }))).toEqual([]);
    const asClient = await salon.client.client.rpc('merchant_movements', { receipt_number: 'RT' });
    expect(asClient.error).not.toBeNull();
  });

  it('refuses a number longer than a document can have, in Italian', async () => {
    const { error, status } = await salon.owner.client.rpc('merchant_movements', {
      receipt_number: 'R'.repeat(51),
    });
    expect(status).toBe(400);
    expect(error?.code).toBe('22001');
    expect(error?.message).toBe('Il numero del documento può contenere al massimo 50 caratteri');
    expect((await list(salon, { receipt_number: 'R'.repeat(50) })).movements).toEqual([]);
  });
});
