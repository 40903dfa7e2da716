import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../support/use-test-server.ts';
import {
  createAdmin,
  expectOk,
  expectRefused,
  insertReservation,
  openSalon,
  romeInstant,
  type Salon,
} from '../../support/fixtures.ts';

describe("booking: 'Prenota di nuovo' opens on the first day with a free time", () => {
  const server = useTestServer();
  let salon: Salon;
  let other: Salon;

  beforeAll(async () => {
    const admin = await createAdmin(server);
    salon = await openSalon(server, admin, 'Salone Primo Giorno');
    other = await openSalon(server, admin, 'Salone Accanto');
  });

  const asClient = (fn: string, args: Record<string, unknown>) => salon.client.client.rpc(fn, args);
  const firstFreeDay = async (operatorId: string | null = salon.anna) =>
    expectOk<string | null>(
      await asClient('first_free_day', {
        merchant_slug: salon.merchant.slug,
        treatment_id: salon.ciglia,
        operator_id: operatorId,
      }),
    );
  // The same answer found the long way: each open day's free times, in order.
  const firstDayWithTimes = async (operatorId: string | null = salon.anna) => {
    const days = expectOk<{ date: string; closed: boolean }[]>(
      await asClient('booking_days', { merchant_slug: salon.merchant.slug }),
    );
    for (const day of days.filter((candidate) => !candidate.closed)) {
      const times = expectOk<string[]>(
        await asClient('free_times', {
          merchant_slug: salon.merchant.slug,
          treatment_id: salon.ciglia,
          operator_id: operatorId,
          date: day.date,
        }),
      );
      if (times.length > 0) return day.date;
    }
    return null;
  };

  it('answers the first day free times has, and the next one once that day is taken whole', async () => {
    const first = await firstFreeDay();
    expect(first).not.toBeNull();
    expect(first).toBe(await firstDayWithTimes());
    expect(await firstFreeDay(null)).toBe(await firstDayWithTimes(null));

    await insertReservation(server, salon, {
      startsAt: romeInstant(first!, '00:00'),
      minutes: 24 * 60 - 1,
      status: 'confermata',
      operatorId: salon.anna,
    });
    const next = await firstFreeDay();
    expect(next! > first!).toBe(true);
    expect(next).toBe(await firstDayWithTimes());
  });

  it('refuses another salon, its treatment and a missing treatment', async () => {
    const args = { merchant_slug: salon.merchant.slug, treatment_id: salon.ciglia, operator_id: null };
    const foreign = await other.owner.client.rpc('first_free_day', args);
    expect(foreign.error?.message).toBe('Accesso negato: questo account non è un cliente.');
    expectRefused(
      await asClient('first_free_day', { ...args, treatment_id: other.ciglia }),
      'Trattamento non trovato',
    );
    const missing = await asClient('first_free_day', { ...args, treatment_id: null });
    expect(missing.error?.message).toBe('Seleziona un trattamento');
  });
});
