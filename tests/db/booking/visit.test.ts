import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../support/use-test-server.ts';
import {
  addDays,
  createAdmin,
  joinAsClient,
  expectOk,
  expectRefused,
  insertReservation,
  openSalon,
  romeInstant,
  romeToday,
  type Answer,
  type Salon,
} from '../../support/fixtures.ts';
import { startLabels, type VisitFreeTimes } from '../../support/visit-free-times.ts';

const isoWeekday = (day: string) => ((new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;

describe('booking: several treatments in one visit', () => {
  const server = useTestServer();
  let salon: Salon;
  let other: Salon;
  let today: string;

  beforeAll(async () => {
    const admin = await createAdmin(server);
    salon = await openSalon(server, admin, 'Salone Visita');
    other = await openSalon(server, admin, 'Salone Vicino');
    today = await romeToday(server);
  });

  const db = () => server.server.context.db;
  const piegaThenCiglia = () => [
    { treatment_id: salon.piega, operator_id: null },
    { treatment_id: salon.ciglia, operator_id: salon.anna },
  ];
  const freeTimes = async (date: string, parts: unknown = piegaThenCiglia()) =>
    startLabels(
      expectOk<VisitFreeTimes>(
        await salon.client.client.rpc('visit_free_times', {
          merchant_slug: salon.merchant.slug,
          parts,
          date,
        }),
      ),
    );
  const bookVisit = (date: string, time: string, parts: unknown = piegaThenCiglia()) =>
    salon.client.client.rpc('book_visit', { merchant_slug: salon.merchant.slug, parts, date, time });
  const visitRows = async (visitId: string) =>
    (
      await db().query<{ treatment_name: string; visit_part: number; starts: string; ends: string }>(
        `select treatment_name, visit_part,
                to_char(starts_at at time zone 'Europe/Rome', 'HH24:MI') as starts,
                to_char(ends_at at time zone 'Europe/Rome', 'HH24:MI') as ends
           from app.reservations where visit_id = $1 and status = 'in attesa' order by visit_part`,
        [visitId],
      )
    ).rows;
  const clear = () => db().query(`delete from app.reservations where merchant_id = $1`, [salon.merchant.id]);

  it('offers the starts at which the whole sequence fits, each part after the previous one', async () => {
    await clear();
    const day = addDays(today, 3);
    const times = await freeTimes(day);
    // Piega (60) then Ciglia (30): the grid's 09:00-19:00 with the salon open all day.
    expect(times[0]).toBe('09:00');
    expect(times.at(-1)).toBe('19:00');

    // Anna busy 11:00-11:30 takes away every start whose Ciglia (start + 60) overlaps it.
    await insertReservation(server, salon, {
      startsAt: romeInstant(day, '11:00'),
      minutes: 30,
      status: 'confermata',
      operatorId: salon.anna,
    });
    const after = await freeTimes(day);
    expect(after).toContain('09:30');
    expect(after).not.toContain('09:45');
    expect(after).not.toContain('10:00');
    expect(after).not.toContain('10:15');
    expect(after).toContain('10:30');
    // One treatment alone at 10:00 still fits (Bea does Piega): the sequence is what is asked.
    expect(
      expectOk<string[]>(
        await salon.client.client.rpc('free_times', {
          merchant_slug: salon.merchant.slug,
          treatment_id: salon.piega,
          date: day,
        }),
      ),
    ).toContain('10:00');
  });

  it('keeps the last part within the salon’s hours', async () => {
    await clear();
    const day = addDays(today, 5);
    expectOk(
      await salon.owner.client.rpc('set_opening_hours', {
        hours: [{ weekday: isoWeekday(day), opens: '09:00', closes: '13:00' }],
      }),
    );
    try {
      const times = await freeTimes(day);
      expect(times.at(-1)).toBe('11:30');
      expect((await bookVisit(day, '11:45')).error?.message).toMatch(/^Ciglia: /);
    } finally {
      expectOk(await salon.owner.client.rpc('set_opening_hours', { hours: [] }));
    }
  }, 30_000);

  it('books the visit as one request: every part pending, in order, under one visit', async () => {
    await clear();
    const day = addDays(today, 4);
    const booked = expectOk<Answer>(await bookVisit(day, '15:00'));
    expect(booked.message).toBe('Prenotazione salvata!');
    expect(await visitRows(booked.id!)).toEqual([
      { treatment_name: 'Piega', visit_part: 1, starts: '15:00', ends: '16:00' },
      { treatment_name: 'Ciglia', visit_part: 2, starts: '16:00', ends: '16:30' },
    ]);
  });

  it('saves one visit for 60 identical calls at once', async () => {
    await clear();
    const day = addDays(today, 6);
    const answers = await Promise.all(Array.from({ length: 60 }, () => bookVisit(day, '10:00')));
    const ids = answers.map((answer) => expectOk<Answer>(answer).id);
    expect(new Set(ids).size).toBe(1);
    expect(await visitRows(ids[0]!)).toHaveLength(2);
  }, 60_000);

  it('counts a visit as one open request', async () => {
    await clear();
    await db().query(`update app.merchants set max_open_requests = 2 where id = $1`, [salon.merchant.id]);
    try {
      expectOk(await bookVisit(addDays(today, 7), '10:00'));
      expectOk(await bookVisit(addDays(today, 8), '10:00'));
      expectRefused(
        await bookVisit(addDays(today, 9), '10:00'),
        'Hai già 2 richieste in attesa in questo salone: attendi una risposta o annullane una',
      );
    } finally {
      await db().query(`update app.merchants set max_open_requests = 100 where id = $1`, [salon.merchant.id]);
    }
  });

  it('refuses, naming the part, a part that no longer fits, and saves nothing', async () => {
    await clear();
    const day = addDays(today, 10);
    await insertReservation(server, salon, {
      startsAt: romeInstant(day, '10:00'),
      minutes: 30,
      status: 'confermata',
      operatorId: salon.anna,
    });
    const refused = await bookVisit(day, '09:00');
    expect(refused.error?.message).toMatch(/^Ciglia: /);
    const { rows } = await db().query(
      `select 1 from app.reservations where merchant_id = $1 and status = $2`,
      [salon.merchant.id, 'in attesa'],
    );
    expect(rows).toHaveLength(0);
  });

  it('refuses 5 parts, one, the same treatment twice, and another salon’s treatment or operator', async () => {
    const day = addDays(today, 3);
    const part = (treatment_id: string, operator_id: string | null = null) => ({ treatment_id, operator_id });
    const fiveParts = Array.from({ length: 5 }, () => part(salon.piega));
    for (const parts of [fiveParts, [part(salon.piega)], 'Piega']) {
      expectRefused(await bookVisit(day, '10:00', parts), 'Una visita comprende da 2 a 4 trattamenti');
      const free = await salon.client.client.rpc('visit_free_times', {
        merchant_slug: salon.merchant.slug,
        parts,
        date: day,
      });
      expect(free.error?.message).toBe('Una visita comprende da 2 a 4 trattamenti');
    }
    expectRefused(
      await bookVisit(day, '10:00', [part(salon.piega), part(salon.piega, salon.anna)]),
      'Piega è già nella visita',
    );
    expectRefused(
      await bookVisit(day, '10:00', [part(salon.piega), part(other.ciglia)]),
      'Trattamento non trovato',
    );
    expectRefused(
      await bookVisit(day, '10:00', [part(salon.piega), part(salon.ciglia, other.anna)]),
      "L'operatore scelto non esegue questo trattamento",
    );
    expectRefused(
      await bookVisit(day, '10:00', [part(salon.piega), { treatment_id: 'x' }]),
      'Seleziona un trattamento per ogni parte della visita',
    );
    const foreign = await other.client.client.rpc('visit_free_times', {
      merchant_slug: salon.merchant.slug,
      parts: piegaThenCiglia(),
      date: day,
    });
    expect(foreign.error?.message).toBe('Accesso negato: questo account non è un cliente.');
  });
  const statuses = async (visitId: string) =>
    (
      await db().query<{ status: string }>(
        `select status from app.reservations where visit_id = $1 order by visit_part`,
        [visitId],
      )
    ).rows.map((row) => row.status);
  const secondPart = async (visitId: string) =>
    (
      await db().query<{ id: string }>(
        `select id from app.reservations where visit_id = $1 and visit_part = 2`,
        [visitId],
      )
    ).rows[0]!.id;
  const merchant = (fn: string, args: Record<string, unknown>) => salon.owner.client.rpc(fn, args);

  it('confirms, rejects and cancels the whole visit from any of its parts', async () => {
    await clear();
    const confirmed = expectOk<Answer>(await bookVisit(addDays(today, 11), '10:00'));
    expectOk(await merchant('confirm_reservation', { reservation_id: await secondPart(confirmed.id!) }));
    expect(await statuses(confirmed.id!)).toEqual(['confermata', 'confermata']);
    expectOk(
      await merchant('merchant_cancel_reservation', {
        reservation_id: await secondPart(confirmed.id!),
        reason: 'Salone chiuso per guasto',
      }),
    );
    expect(await statuses(confirmed.id!)).toEqual(['annullata', 'annullata']);

    const rejected = expectOk<Answer>(await bookVisit(addDays(today, 12), '10:00'));
    expectOk(
      await merchant('reject_reservation', {
        reservation_id: await secondPart(rejected.id!),
        reason: 'Al completo',
      }),
    );
    expect(await statuses(rejected.id!)).toEqual(['rifiutata', 'rifiutata']);
  });

  it('refuses the whole confirm, naming the part, when one part no longer fits, and changes nothing', async () => {
    await clear();
    const day = addDays(today, 13);
    const visit = expectOk<Answer>(await bookVisit(day, '10:00'));
    await insertReservation(server, salon, {
      startsAt: romeInstant(day, '11:00'),
      minutes: 30,
      status: 'confermata',
      operatorId: salon.anna,
    });
    const refused = await merchant('confirm_reservation', { reservation_id: await secondPart(visit.id!) });
    expect(refused.error?.message).toMatch(/^Ciglia: /);
    expect(await statuses(visit.id!)).toEqual(['in attesa', 'in attesa']);
  });

  it('confirms one of a visit and a request racing for the same operator and time, never both', async () => {
    await clear();
    const day = addDays(today, 14);
    const visit = expectOk<Answer>(await bookVisit(day, '10:00'));
    const rival = await insertReservation(server, salon, {
      startsAt: romeInstant(day, '11:00'),
      minutes: 30,
      operatorId: salon.anna,
    });
    const answers = await Promise.all([
      merchant('confirm_reservation', { reservation_id: await secondPart(visit.id!) }),
      merchant('confirm_reservation', { reservation_id: rival }),
    ]);
    expect(answers.filter((answer) => answer.error === null)).toHaveLength(1);
    const { rows } = await db().query(
      `select 1 from app.reservations
        where operator_id = $1 and status = 'confermata' and starts_at = ${romeInstant(day, '11:00')}`,
      [salon.anna],
    );
    expect(rows).toHaveLength(1);
  });
  it('lets the customer cancel the whole visit and counts it as one request', async () => {
    await clear();
    const visit = expectOk<Answer>(await bookVisit(addDays(today, 15), '10:00'));
    expectOk(
      await salon.client.client.rpc('cancel_reservation', { reservation_id: await secondPart(visit.id!) }),
    );
    expect(await statuses(visit.id!)).toEqual(['annullata', 'annullata']);

    await db().query(`update app.merchants set max_open_requests = 2 where id = $1`, [salon.merchant.id]);
    try {
      expectOk(await bookVisit(addDays(today, 17), '10:00'));
      const single = (time: string) =>
        salon.client.client.rpc('book_reservation', {
          merchant_slug: salon.merchant.slug,
          treatment_id: salon.piega,
          date: addDays(today, 18),
          time,
        });
      expectOk(await single('10:00'));
      expectRefused(
        await single('12:00'),
        'Hai già 2 richieste in attesa in questo salone: attendi una risposta o annullane una',
      );
    } finally {
      await db().query(`update app.merchants set max_open_requests = 100 where id = $1`, [salon.merchant.id]);
    }
  });
  it('leaves nothing of an erased customer’s visit and refuses her a new one', async () => {
    const { persona: leaving } = await joinAsClient(server, salon.merchant.slug, { name: 'Carla Blu' });
    const asLeaving = (date: string) =>
      leaving.client.rpc('book_visit', {
        merchant_slug: salon.merchant.slug,
        parts: piegaThenCiglia(),
        date,
        time: '14:00',
      });
    const visit = expectOk<Answer>(await asLeaving(addDays(today, 19)));
    expectOk(
      await leaving.client.rpc('erase_my_account', {
        merchant_slug: salon.merchant.slug,
        confirmation: 'ELIMINA',
      }),
    );
    const left = await db().query(
      `select status from app.reservations where visit_id = $1 and status = 'in attesa'`,
      [visit.id],
    );
    expect(left.rows).toEqual([]);
    expect((await asLeaving(addDays(today, 20))).error).not.toBeNull();
  });
});
