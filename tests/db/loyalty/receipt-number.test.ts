import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../support/use-test-server.ts';
import {
  cents,
  createAdmin,
  expectOk,
  expectRefused,
  insertReservation,
  openSalon,
  romeToday,
  type Salon,
} from '../../support/fixtures.ts';

interface Movement {
  id: string;
  receipt_number: string | null;
}
interface Day {
  date: string;
  purchases: number;
  reversals: number;
  gross: number;
  discounts: number;
  net: number;
  receipts: string;
}

describe('loyalty: the receipt number of a purchase and of its storno', () => {
  const server = useTestServer();
  let salon: Salon;
  let other: Salon;

  beforeAll(async () => {
    const admin = await createAdmin(server);
    salon = await openSalon(server, admin, 'Salone Scontrini');
    other = await openSalon(server, admin, 'Salone Senza Scontrini');
  });

  const owner = (fn: string, args: Record<string, unknown> = {}) => salon.owner.client.rpc(fn, args);
  const purchase = (args: Record<string, unknown>) =>
    owner('register_purchase', { client_code: salon.member.client_code, discount: 0, ...args });
  const movements = async () =>
    expectOk<{ movements: Movement[] }>(await owner('merchant_movements', { page_size: 100 })).movements;
  const count = async () =>
    (
      await server.server.context.db.query<{ n: number }>(
        'select count(*)::integer as n from app.movements where merchant_id = $1',
        [salon.merchant.id],
      )
    ).rows[0]!.n;

  it('keeps the number given, trimmed, and works without one (the old three arguments)', async () => {
    const withReceipt = expectOk<{ movement_id: string }>(
      await purchase({ spend: 40, receipt_number: ' 0012-0034 ' }),
    );
    const without = expectOk<{ movement_id: string }>(
      await owner('register_purchase', { client_code: salon.member.client_code, spend: 10, discount: 0 }),
    );
    const listed = await movements();
    expect(listed.find((row) => row.id === withReceipt.movement_id)!.receipt_number).toBe('0012-0034');
    expect(listed.find((row) => row.id === without.movement_id)!.receipt_number).toBeNull();
    expectRefused(
      await purchase({ spend: 10, receipt_number: 'x'.repeat(51) }),
      'Il numero del documento può contenere al massimo 50 caratteri',
    );
  });

  it('requires it on purchases, visits and storni when the salon says so, saving nothing otherwise', async () => {
    expect(expectOk(await owner('receipt_settings'))).toEqual({ receipt_number_required: false });
    expectOk(await owner('set_receipt_number_required', { required: true }));
    expect(expectOk(await owner('receipt_settings'))).toEqual({ receipt_number_required: true });
    const before = await count();

    const missing = 'Inserisci il numero del documento commerciale';
    expectRefused(await purchase({ spend: 20 }), missing);
    expectRefused(await purchase({ spend: 20, receipt_number: '   ' }), missing);
    const visit = await insertReservation(server, salon, {
      startsAt: `now() - interval '2 hours'`,
      status: 'confermata',
    });
    expectRefused(
      await owner('complete_visit_with_purchase', { reservation_id: visit, spend: 25, discount: 0 }),
      missing,
    );
    expect(await count()).toBe(before);

    const fromVisit = expectOk<{ movement_id: string }>(
      await owner('complete_visit_with_purchase', {
        reservation_id: visit,
        spend: 25,
        discount: 0,
        receipt_number: '0012-0035',
      }),
    );
    expectRefused(
      await owner('reverse_purchase', { movement_id: fromVisit.movement_id, reason: 'Reso' }),
      missing,
    );
    const storno = expectOk<{ reversal_id: string }>(
      await owner('reverse_purchase', {
        movement_id: fromVisit.movement_id,
        reason: 'Reso',
        receipt_number: 'ANN-0001',
      }),
    );
    const listed = await movements();
    expect(listed.find((row) => row.id === fromVisit.movement_id)!.receipt_number).toBe('0012-0035');
    expect(listed.find((row) => row.id === storno.reversal_id)!.receipt_number).toBe('ANN-0001');

    // The other salon keeps it optional.
    expectOk(
      await other.owner.client.rpc('register_purchase', {
        client_code: other.member.client_code,
        spend: 10,
        discount: 0,
      }),
    );
  });

  it('sums each day for the accountant, storni netting out, with the receipts', async () => {
    const today = await romeToday(server);
    const days = expectOk<Day[]>(await owner('merchant_daily_summary', { date_from: today, date_to: today }));
    expect(days).toHaveLength(1);
    const [day] = days;
    expect(day!.date).toBe(today);
    expect(day!.purchases).toBe(3);
    expect(day!.reversals).toBe(1);
    expect(cents(day!.gross)).toBe(4000 + 1000 + 2500 - 2500);
    expect(cents(day!.net)).toBe(5000);
    expect(cents(day!.discounts)).toBe(0);
    expect(day!.receipts.split(' ')).toEqual(['0012-0034', '0012-0035', 'ANN-0001']);
    expectRefused(
      await owner('merchant_daily_summary', { date_from: today, date_to: '2000-01-01' }),
      'Scegli un periodo di al massimo un anno',
    );
  });
});
