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
  type Salon,
} from '../../support/fixtures.ts';

interface TreatmentRow {
  id: string;
  name: string;
  description: string;
  duration_minutes: number;
  price: number | string;
  for_all_operators: boolean;
  operator_ids: string[];
}

describe('Impostazioni: editing treatments, operator hours within opening hours, deleting operators', () => {
  const server = useTestServer();
  let salon: Salon;
  let other: Salon;
  let today: string;

  beforeAll(async () => {
    const admin = await createAdmin(server);
    salon = await openSalon(server, admin, 'Salone Impostazioni');
    other = await openSalon(server, admin, 'Salone Vicino');
    today = await romeToday(server);
  });

  const merchant = (fn: string, args: Record<string, unknown>) => salon.owner.client.rpc(fn, args);
  const treatment = async (id: string) =>
    expectOk<TreatmentRow[]>(await merchant('list_treatments', {})).find((row) => row.id === id)!;
  const form = {
    name: 'Piega lunga',
    description: 'Lavaggio, piega e trattamento',
    duration_minutes: 75,
    price: 32.5,
  };

  it('lets the merchant change every field of its treatment and who performs it', async () => {
    expect(
      expectOk<{ message: string }>(
        await merchant('update_treatment', { treatment_id: salon.piega, ...form, operator_ids: [salon.bea] }),
      ).message,
    ).toBe('Trattamento aggiornato');
    const changed = await treatment(salon.piega);
    expect(changed).toMatchObject({
      name: 'Piega lunga',
      description: 'Lavaggio, piega e trattamento',
      duration_minutes: 75,
      for_all_operators: false,
      operator_ids: [salon.bea],
    });
    expect(Number(changed.price)).toBe(32.5);
    // The customer's booking form sees the new treatment: Bea only, 75 minutes.
    const bookable = expectOk<{ id: string; duration_minutes: number; operators: { id: string }[] }[]>(
      await salon.client.client.rpc('bookable_treatments', { merchant_slug: salon.merchant.slug }),
    ).find((row) => row.id === salon.piega)!;
    expect(bookable.duration_minutes).toBe(75);
    expect(bookable.operators.map((operator) => operator.id)).toEqual([salon.bea]);
    expectRefused(
      await salon.client.client.rpc('book_reservation', {
        merchant_slug: salon.merchant.slug,
        treatment_id: salon.piega,
        operator_id: salon.anna,
        date: addDays(today, 3),
        time: '10:00',
      }),
      "L'operatore scelto non esegue questo trattamento",
    );
    // Back to every operator.
    expectOk(await merchant('update_treatment', { treatment_id: salon.piega, ...form, operator_ids: null }));
    expect(await treatment(salon.piega)).toMatchObject({ for_all_operators: true, operator_ids: [] });
  });

  it('refuses bad values with the Italian messages of add_treatment and changes nothing', async () => {
    const before = await treatment(salon.ciglia);
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ name: '  ' }, 'P0001', 'Compila tutti i campi del form'],
      [{ operator_ids: [] }, 'P0001', 'Compila tutti i campi del form'],
      [{ duration_minutes: 4 }, '22023', 'La durata deve essere compresa tra 5 e 600 minuti'],
      [{ duration_minutes: 601 }, '22023', 'La durata deve essere compresa tra 5 e 600 minuti'],
      [{ price: 'NaN' }, '22023', 'Il prezzo non è valido'],
      [{ price: 10000.01 }, '22023', 'Il prezzo deve essere compreso tra € 0,00 e € 10.000,00'],
      [{ price: -1 }, '22023', 'Il prezzo deve essere compreso tra € 0,00 e € 10.000,00'],
      [{ name: 'x'.repeat(101) }, '22001', 'Il nome del trattamento può contenere al massimo 100 caratteri'],
      [{ description: 'x'.repeat(1001) }, '22001', 'La descrizione può contenere al massimo 1000 caratteri'],
      [{ operator_ids: [other.anna] }, 'P0001', 'Operatore non trovato'],
    ];
    for (const [change, code, message] of refusals) {
      const result = await merchant('update_treatment', { treatment_id: salon.ciglia, ...form, ...change });
      expect(result.error?.message, message).toBe(message);
      expect(result.error?.code, message).toBe(code);
      expect(result.status).toBe(400);
    }
    expect(await treatment(salon.ciglia)).toEqual(before);
  });

  it('refuses another salon, a client and an anonymous caller, and their call changes nothing', async () => {
    const before = await treatment(salon.ciglia);
    expectRefused(
      await other.owner.client.rpc('update_treatment', { treatment_id: salon.ciglia, ...form }),
      'Trattamento non trovato',
    );
    const asClient = await salon.client.client.rpc('update_treatment', {
      treatment_id: salon.ciglia,
      ...form,
    });
    expect(asClient.status).toBe(403);
    expect(asClient.error?.code).toBe('42501');
    const asAnonymous = await server
      .client()
      .rpc('update_treatment', { treatment_id: salon.ciglia, ...form });
    expect(asAnonymous.status).toBe(401);
    expect(await treatment(salon.ciglia)).toEqual(before);
  });

  it('keeps an operator’s hours within the salon’s opening hours', async () => {
    const outside = "Gli orari dell'operatore devono rientrare negli orari di apertura del salone";
    // No opening hours set: 09:00-19:00 every day.
    expectOk(
      await merchant('set_operator_hours', {
        operator_id: salon.anna,
        hours: [{ weekday: 1, opens: '09:00', closes: '19:00' }],
      }),
    );
    expectRefused(
      await merchant('set_operator_hours', {
        operator_id: salon.anna,
        hours: [{ weekday: 1, opens: '08:45', closes: '12:00' }],
      }),
      outside,
    );
    expectOk(
      await merchant('set_opening_hours', {
        hours: [
          { weekday: 2, opens: '09:00', closes: '13:00' },
          { weekday: 2, opens: '14:00', closes: '18:00' },
        ],
      }),
    );
    for (const hours of [
      [{ weekday: 2, opens: '12:00', closes: '15:00' }], // across the lunch break
      [{ weekday: 3, opens: '10:00', closes: '12:00' }], // a closed weekday
      [{ weekday: 2, opens: '17:00', closes: '18:15' }], // past closing time
    ]) {
      expectRefused(await merchant('set_operator_hours', { operator_id: salon.anna, hours }), outside);
    }
    // The refused calls kept the hours she had.
    const calendar = expectOk<{ operator_hours: { weekday: number }[] }>(
      await merchant('booking_calendar', {}),
    );
    expect(calendar.operator_hours).toEqual([
      { operator_id: salon.anna, weekday: 1, opens: '09:00', closes: '19:00' },
    ]);
    expectOk(
      await merchant('set_operator_hours', {
        operator_id: salon.anna,
        hours: [
          { weekday: 2, opens: '09:00', closes: '13:00' },
          { weekday: 2, opens: '14:00', closes: '16:00' },
        ],
      }),
    );
    expectOk(await merchant('set_operator_hours', { operator_id: salon.anna, hours: [] }));
    expectOk(await merchant('set_opening_hours', { hours: [] }));
  });

  it('closes several days at once with a reason, for its own salon only', async () => {
    const first = addDays(today, 20);
    const closures = async (client = salon.owner.client) =>
      expectOk<{ closures: string[]; closure_days: { day: string; reason: string | null }[] }>(
        await client.rpc('booking_calendar', {}),
      );
    expect(
      expectOk<{ message: string }>(
        await merchant('add_salon_closure', {
          from_day: first,
          to_day: addDays(first, 2),
          reason: ' Ferie ',
        }),
      ).message,
    ).toBe('Giorni di chiusura aggiunti');
    expect((await closures()).closure_days).toEqual([
      { day: first, reason: 'Ferie' },
      { day: addDays(first, 1), reason: 'Ferie' },
      { day: addDays(first, 2), reason: 'Ferie' },
    ]);
    // Closed days offer no times.
    expect(
      expectOk<string[]>(
        await salon.client.client.rpc('free_times', {
          merchant_slug: salon.merchant.slug,
          treatment_id: salon.ciglia,
          date: addDays(first, 1),
        }),
      ),
    ).toEqual([]);
    // A day already closed takes the new reason; one day without a reason.
    expectOk(await merchant('add_salon_closure', { from_day: first, reason: 'Inventario' }));
    expectOk(await merchant('add_salon_closure', { from_day: addDays(first, 5) }));
    expect((await closures()).closure_days.map((closure) => closure.reason)).toEqual([
      'Inventario',
      'Ferie',
      'Ferie',
      null,
    ]);
    expect((await closures()).closures).toHaveLength(4);
    for (const [args, message] of [
      [{ from_day: null }, 'Indica il giorno di chiusura'],
      [
        { from_day: first, to_day: addDays(first, -1) },
        "L'ultimo giorno deve seguire il primo, entro un anno",
      ],
      [
        { from_day: first, to_day: addDays(first, 367) },
        "L'ultimo giorno deve seguire il primo, entro un anno",
      ],
      [{ from_day: first, reason: 'x'.repeat(101) }, 'Il motivo può contenere al massimo 100 caratteri'],
    ] as const) {
      expectRefused(await merchant('add_salon_closure', args), message);
    }
    expect((await closures()).closure_days[0]).toEqual({ day: first, reason: 'Inventario' });
    // Another salon's closures are its own; a customer may not close the salon.
    expectOk(await other.owner.client.rpc('add_salon_closure', { from_day: addDays(first, 1) }));
    expect((await closures(other.owner.client)).closures).toEqual([addDays(first, 1)]);
    expect((await closures()).closures).toHaveLength(4);
    expect((await salon.client.client.rpc('add_salon_closure', { from_day: first })).status).toBe(403);
    for (const day of [0, 1, 2, 5]) {
      expectOk(await merchant('set_salon_closure', { day: addDays(first, day), closed: false }));
    }
    expect((await closures()).closures).toEqual([]);
  });

  it('removes a closure period in one call, only the salon’s own days, once', async () => {
    const first = addDays(today, 60);
    const calendarOf = async (client = salon.owner.client) =>
      expectOk<{ closures: string[] }>(await client.rpc('booking_calendar', {})).closures;
    expectOk(
      await merchant('add_salon_closure', { from_day: first, to_day: addDays(first, 2), reason: 'Ferie' }),
    );
    expectOk(await merchant('add_salon_closure', { from_day: addDays(first, 4) }));
    expectOk(
      await other.owner.client.rpc('add_salon_closure', { from_day: first, to_day: addDays(first, 3) }),
    );
    const period = { from_day: first, to_day: addDays(first, 2) };
    // Another salon's closed day, a customer and a wrong range remove nothing.
    expectRefused(
      await merchant('remove_salon_closure', { from_day: addDays(first, 3) }),
      'Chiusura non trovata',
    );
    expect((await salon.client.client.rpc('remove_salon_closure', period)).status).toBe(403);
    for (const [args, message] of [
      [{ from_day: null }, 'Indica il giorno di chiusura'],
      [
        { from_day: first, to_day: addDays(first, -1) },
        "L'ultimo giorno deve seguire il primo, entro un anno",
      ],
    ] as const)
      expectRefused(await merchant('remove_salon_closure', args), message);
    // Twice at once: one removes the three days, the other finds nothing left.
    const answers = await Promise.all([
      merchant('remove_salon_closure', period),
      merchant('remove_salon_closure', period),
    ]);
    expect(answers.map((answer) => answer.data?.message ?? answer.error?.message).sort()).toEqual([
      'Chiusura non trovata',
      'Giorni di chiusura rimossi',
    ]);
    expect(await calendarOf()).toEqual([addDays(first, 4)]);
    expect((await calendarOf(other.owner.client)).filter((day) => day >= first)).toEqual(
      [0, 1, 2, 3].map((day) => addDays(first, day)),
    );
    expect(
      expectOk<{ message: string }>(await merchant('remove_salon_closure', { from_day: addDays(first, 4) }))
        .message,
    ).toBe('Giorno di chiusura rimosso');
    expect(await calendarOf()).toEqual([]);
  });

  it('tells what deleting an operator would do, to its own merchant only', async () => {
    const day = addDays(today, 5);
    const impact = async (operatorId: string) =>
      expectOk<{ upcoming_appointments: number; waiting_requests: number }>(
        await merchant('operator_deletion_impact', { operator_id: operatorId }),
      );
    expect(await impact(salon.bea)).toEqual({ upcoming_appointments: 0, waiting_requests: 0 });
    await insertReservation(server, salon, { startsAt: romeInstant(day, '10:00'), operatorId: salon.bea });
    await insertReservation(server, salon, {
      startsAt: romeInstant(day, '12:00'),
      operatorId: salon.bea,
      status: 'confermata',
    });
    await insertReservation(server, salon, {
      startsAt: romeInstant(addDays(day, 1), '12:00'),
      operatorId: salon.bea,
      status: 'confermata',
    });
    expect(await impact(salon.bea)).toEqual({ upcoming_appointments: 2, waiting_requests: 1 });
    expectRefused(
      await merchant('delete_operator', { operator_id: salon.bea }),
      "Impossibile eliminare: l'operatore ha 2 appuntamenti futuri confermati",
    );
    expectRefused(
      await other.owner.client.rpc('operator_deletion_impact', { operator_id: salon.bea }),
      'Operatore non trovato',
    );
    const asClient = await salon.client.client.rpc('operator_deletion_impact', { operator_id: salon.bea });
    expect(asClient.status).toBe(403);
  });
});
