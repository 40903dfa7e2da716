import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../support/use-test-server.ts';
import {
  addDays,
  createAdmin,
  expectOk,
  expectRefused,
  insertReservation,
  openSalon,
  romeInstant,
  romeToday,
  type Answer,
  type Salon,
} from '../../support/fixtures.ts';

/** ISO weekday (1 = Monday) of a 'YYYY-MM-DD' date. */
const isoWeekday = (date: string) => ((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;

describe('booking: opening hours, closures, operator hours and absences', () => {
  const server = useTestServer();
  let salon: Salon;
  let today: string;

  beforeAll(async () => {
    salon = await openSalon(server, await createAdmin(server), 'Salone Orari');
    today = await romeToday(server);
  });

  const merchant = (fn: string, args: Record<string, unknown>) => salon.owner.client.rpc(fn, args);
  const client = (fn: string, args: Record<string, unknown>) =>
    salon.client.client.rpc(fn, { merchant_slug: salon.merchant.slug, ...args });
  const free = async (args: Record<string, unknown>) => expectOk<string[]>(await client('free_times', args));

  it('is open 09:00-19:00 every day until the salon sets its hours, then follows them', async () => {
    const day = addDays(today, 10);
    expect(await free({ treatment_id: salon.piega, date: day })).toHaveLength(41);
    const weekday = isoWeekday(day);
    const other = (weekday % 7) + 1;
    expectOk(
      await merchant('set_opening_hours', {
        hours: [
          { weekday, opens: '09:00', closes: '13:00' },
          { weekday, opens: '15:00', closes: '18:00' },
          { weekday: other, opens: '10:00', closes: '12:00' },
        ],
      }),
    );
    const times = await free({ treatment_id: salon.piega, date: day });
    // A 60-minute treatment must fit a range: 09:00-12:00 and 15:00-17:00.
    expect(times[0]).toBe('09:00');
    expect(times).toContain('12:00');
    expect(times).not.toContain('12:15');
    expect(times).not.toContain('14:45');
    expect(times).toContain('15:00');
    expect(times.at(-1)).toBe('17:00');
    expect(times).toHaveLength(13 + 9);
    // A weekday left out is closed.
    expect(await free({ treatment_id: salon.piega, date: addDays(day, 2) })).toEqual([]);
    expectRefused(
      await client('book_reservation', { treatment_id: salon.piega, date: day, time: '13:00' }),
      'Il salone è chiuso in questo orario',
    );
    expectRefused(
      await client('book_reservation', {
        treatment_id: salon.piega,
        operator_id: salon.anna,
        date: day,
        time: '12:30',
      }),
      'Il salone è chiuso in questo orario',
    );
    const booked = expectOk<Answer>(
      await client('book_reservation', { treatment_id: salon.piega, date: day, time: '11:00' }),
    ).id!;
    expectRefused(
      await merchant('modify_reservation', {
        reservation_id: booked,
        date: day,
        time: '14:00',
        note: 'Pomeriggio',
      }),
      'Il salone è chiuso in questo orario',
    );
    const calendar = expectOk<{ opening_hours: unknown[] }>(await merchant('booking_calendar', {}));
    expect(calendar.opening_hours).toHaveLength(3);
    for (const hours of [[{ weekday: 8, opens: '09:00', closes: '10:00' }], 'tutti i giorni']) {
      expectRefused(
        await merchant('set_opening_hours', { hours }),
        'Orari non validi: indica giorno (1-7), apertura e chiusura (HH:MM, ogni 15 minuti)',
      );
    }
    // A refused range is named as the merchant sees it: the day, and which of its ranges.
    const morning = { opens: '09:00', closes: '13:00' };
    for (const [hours, message] of [
      [
        [{ weekday: 1, opens: '10:00', closes: '09:00' }],
        "Lunedì, prima fascia: la chiusura deve essere dopo l'apertura",
      ],
      [
        [
          { weekday: 1, ...morning },
          { weekday: 2, ...morning },
          { weekday: 2, opens: '15:00', closes: '15:00' },
        ],
        "Martedì, seconda fascia: la chiusura deve essere dopo l'apertura",
      ],
      [
        [{ weekday: 7, opens: '09:10', closes: '10:00' }],
        'Domenica, prima fascia: indica apertura e chiusura in ore e minuti, ogni 15 minuti',
      ],
      [
        [{ weekday: 1, opens: 'NaN', closes: '10:00' }],
        'Lunedì, prima fascia: indica apertura e chiusura in ore e minuti, ogni 15 minuti',
      ],
    ] as const) {
      expectRefused(await merchant('set_opening_hours', { hours }), message);
    }
    expect(
      expectOk<{ opening_hours: unknown[] }>(await merchant('booking_calendar', {})).opening_hours,
    ).toHaveLength(3);
    expectRefused(
      await merchant('set_opening_hours', {
        hours: [
          { weekday: 1, opens: '09:00', closes: '12:00' },
          { weekday: 1, opens: '11:00', closes: '13:00' },
        ],
      }),
      'Gli orari di uno stesso giorno non possono sovrapporsi',
    );
    // The refused call changed nothing; [] restores every day 09:00-19:00.
    expect(
      expectOk<{ opening_hours: unknown[] }>(await merchant('booking_calendar', {})).opening_hours,
    ).toHaveLength(3);
    expectOk(await merchant('set_opening_hours', { hours: [] }));
    expect(await free({ treatment_id: salon.piega, date: addDays(day, 2) })).toHaveLength(41);
    const notMerchant = await salon.client.client.rpc('set_opening_hours', { hours: [] });
    expect(notMerchant.status).toBe(403);
  });

  it('offers nothing on a closure day and refuses to confirm there', async () => {
    const day = addDays(today, 12);
    const pending = await insertReservation(server, salon, { startsAt: romeInstant(day, '10:00') });
    expectOk(await merchant('set_salon_closure', { day }));
    expect(await free({ treatment_id: salon.piega, date: day })).toEqual([]);
    expectRefused(
      await merchant('confirm_reservation', { reservation_id: pending }),
      'Il salone è chiuso in questo orario',
    );
    expect(expectOk<{ closures: string[] }>(await merchant('booking_calendar', {})).closures).toEqual([day]);
    expectOk(await merchant('set_salon_closure', { day, closed: false }));
    expectOk(await merchant('confirm_reservation', { reservation_id: pending }));
  });

  it('follows an operator’s weekly hours when set', async () => {
    const day = addDays(today, 16);
    expectOk(
      await merchant('set_operator_hours', {
        operator_id: salon.anna,
        hours: [{ weekday: isoWeekday(day), opens: '14:00', closes: '16:00' }],
      }),
    );
    // Ciglia (30 minutes, Anna's only): 14:00-15:30 that day, nothing the day after (her day off).
    const times = await free({ treatment_id: salon.ciglia, date: day });
    expect(times[0]).toBe('14:00');
    expect(times.at(-1)).toBe('15:30');
    expect(times).toHaveLength(7);
    expect(await free({ treatment_id: salon.ciglia, date: addDays(day, 1) })).toEqual([]);
    expectRefused(
      await client('book_reservation', {
        treatment_id: salon.ciglia,
        operator_id: salon.anna,
        date: day,
        time: '10:00',
      }),
      "L'operatore scelto non lavora in questo orario",
    );
    expectRefused(
      await merchant('set_operator_hours', {
        operator_id: salon.anna,
        hours: [{ weekday: 1, opens: '16:00', closes: '14:00' }],
      }),
      "Lunedì, prima fascia: la chiusura deve essere dopo l'apertura",
    );
    expectRefused(
      await merchant('set_operator_hours', {
        operator_id: '00000000-0000-0000-0000-000000000000',
        hours: [],
      }),
      'Operatore non trovato',
    );
    expect(
      expectOk<{ operator_hours: unknown[] }>(await merchant('booking_calendar', {})).operator_hours,
    ).toHaveLength(1);
    expectOk(await merchant('set_operator_hours', { operator_id: salon.anna, hours: [] }));
    expect(await free({ treatment_id: salon.ciglia, date: addDays(day, 1) })).toHaveLength(41);
  });

  it('leaves an absent operator out of free times, booking and confirmation', async () => {
    const day = addDays(today, 14);
    const named = await insertReservation(server, salon, {
      startsAt: romeInstant(day, '12:00'),
      operatorId: salon.bea,
    });
    const absence = expectOk<Answer>(
      await merchant('add_operator_absence', {
        operator_id: salon.anna,
        from_day: addDays(day, -1),
        to_day: day,
      }),
    ).id!;
    // Ciglia is Anna's only: nobody performs it that day.
    expect(await free({ treatment_id: salon.ciglia, date: day })).toEqual([]);
    expect(await free({ treatment_id: salon.ciglia, operator_id: salon.anna, date: day })).toEqual([]);
    expect(await free({ treatment_id: salon.piega, date: day })).toHaveLength(41);
    expectRefused(
      await client('book_reservation', {
        treatment_id: salon.piega,
        operator_id: salon.anna,
        date: day,
        time: '10:00',
      }),
      "L'operatore scelto non lavora in questo orario",
    );
    // A request without preference goes to Bea, the one at work.
    const anyone = expectOk<Answer>(
      await client('book_reservation', { treatment_id: salon.piega, date: day, time: '10:00' }),
    ).id!;
    expect(
      expectOk<Answer & { operator_id: string }>(
        await merchant('confirm_reservation', { reservation_id: anyone }),
      ).operator_id,
    ).toBe(salon.bea);
    expectOk(await merchant('confirm_reservation', { reservation_id: named }));
    const annaPending = await insertReservation(server, salon, { startsAt: romeInstant(day, '15:00') });
    expectRefused(
      await merchant('confirm_reservation', { reservation_id: annaPending }),
      "L'operatore scelto non lavora in questo orario",
    );
    expectRefused(
      await merchant('add_operator_absence', {
        operator_id: salon.anna,
        from_day: day,
        to_day: addDays(day, -1),
      }),
      "L'ultimo giorno deve seguire il primo, entro un anno",
    );
    expectOk(await merchant('delete_operator_absence', { absence_id: absence }));
    expectRefused(await merchant('delete_operator_absence', { absence_id: absence }), 'Assenza non trovata');
    expectOk(await merchant('confirm_reservation', { reservation_id: annaPending }));
  });
});
