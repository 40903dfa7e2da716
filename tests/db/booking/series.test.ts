import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../support/use-test-server.ts';
import {
  addDays,
  createAdmin,
  expectOk,
  expectRefused,
  insertReservation,
  joinAsClient,
  openSalon,
  romeInstant,
  romeToday,
  type Salon,
} from '../../support/fixtures.ts';

interface PlannedDate {
  position: number;
  starts_at: string;
  date: string;
  time: string;
  fits: boolean;
  reason: string | null;
  alternative_starts_at: string | null;
  alternative_date: string | null;
  alternative_time: string | null;
}
interface BookedSeries {
  series_id: string;
  count: number;
  message: string;
}

const slotTaken = "Orario non disponibile: l'operatore ha già un appuntamento confermato in questa fascia";
const romeDay = (date: string) => `${date.slice(8)}-${date.slice(5, 7)}-${date.slice(0, 4)}`;

describe('booking: repeating appointments the salon books for a client', () => {
  const server = useTestServer();
  let salon: Salon;
  let other: Salon;
  let today: string;

  beforeAll(async () => {
    const admin = await createAdmin(server);
    salon = await openSalon(server, admin, 'Salone Serie');
    other = await openSalon(server, admin, 'Altro Salone');
    today = await romeToday(server);
  });

  const sql = async <T>(text: string, params: unknown[] = []) =>
    (await server.server.context.db.query<T>(text, params)).rows;
  const plan = (args: Record<string, unknown>, who = salon) =>
    who.owner.client.rpc('plan_series', {
      client_id: salon.member.client_id,
      treatment_id: salon.piega,
      operator_id: salon.anna,
      every_weeks: 4,
      count: 6,
      first_time: '10:00',
      ...args,
    });
  const planned = async (args: Record<string, unknown>) => expectOk<PlannedDate[]>(await plan(args));
  const book = (args: Record<string, unknown>, who = salon) =>
    who.owner.client.rpc('book_series', {
      client_id: salon.member.client_id,
      treatment_id: salon.piega,
      operator_id: salon.anna,
      ...args,
    });
  const seriesRows = (seriesId: string) =>
    sql<{ status: string; operator_id: string; rome: string }>(
      `select status, operator_id,
              to_char(starts_at at time zone 'Europe/Rome', 'YYYY-MM-DD HH24:MI') as rome
         from app.reservations where series_id = $1 order by starts_at`,
      [seriesId],
    );

  it('plans six dates four weeks apart at the same time and books them all confirmed, told once', async () => {
    const first = addDays(today, 3);
    const dates = await planned({ first_date: first });
    expect(dates.map((d) => [d.position, d.date, d.time, d.fits])).toEqual(
      [0, 1, 2, 3, 4, 5].map((n) => [n + 1, addDays(first, n * 28), '10:00', true]),
    );
    const booked = expectOk<BookedSeries>(await book({ starts: dates.map((d) => d.starts_at) }));
    expect(booked).toMatchObject({ count: 6, message: 'Serie confermata' });
    const rows = await seriesRows(booked.series_id);
    expect(rows).toHaveLength(6);
    expect(rows.every((r) => r.status === 'confermata' && r.operator_id === salon.anna)).toBe(true);

    const agenda = expectOk<{ id: string; date: string }[]>(await salon.owner.client.rpc('merchant_agenda'));
    for (const d of dates) expect(agenda.map((a) => a.date)).toContain(d.date);

    const calendar = expectOk<{
      days: { appointments: { series_id: string | null; client_id: string }[] }[];
    }>(await salon.owner.client.rpc('merchant_calendar', { from_day: first, day_count: 1 }));
    expect(calendar.days[0]!.appointments).toEqual([
      expect.objectContaining({ series_id: booked.series_id, client_id: salon.member.client_id }),
    ]);

    const confirmations = await sql<{ dates: number }>(
      `select jsonb_array_length(n.payload -> 'series') as dates from app.notification_outbox n
         join app.reservations r on r.id = n.reservation_id
        where r.series_id = $1 and n.kind = 'confirmation' and n.channel = 'email'`,
      [booked.series_id],
    );
    expect(confirmations).toEqual([{ dates: 6 }]);
    // Each appointment is reminded 24 hours before it, as a confirmed one is.
    const reminders = await sql<{ n: string }>(
      `select count(*)::text as n from app.notification_outbox n join app.reservations r on r.id = n.reservation_id
        where r.series_id = $1 and n.kind = 'reminder' and n.channel = 'email'
          and n.send_after = r.starts_at - interval '24 hours'`,
      [booked.series_id],
    );
    expect(reminders).toEqual([{ n: '6' }]);
  });

  it('shows a taken date with the nearest free start the same day, and any operator when none is chosen', async () => {
    const first = addDays(today, 4);
    const taken = addDays(first, 7);
    await insertReservation(server, salon, {
      startsAt: romeInstant(taken, '11:00'),
      status: 'confermata',
      operatorId: salon.anna,
    });
    const dates = await planned({ first_date: first, first_time: '11:00', every_weeks: 1, count: 3 });
    expect(dates.map((d) => d.fits)).toEqual([true, false, true]);
    expect(dates[1]).toMatchObject({
      date: taken,
      reason: slotTaken,
      alternative_date: taken,
      alternative_time: '10:00',
    });
    const anyone = await planned({
      first_date: first,
      first_time: '11:00',
      every_weeks: 1,
      count: 3,
      operator_id: null,
    });
    expect(anyone.map((d) => d.fits)).toEqual([true, true, true]);
    const booked = expectOk<BookedSeries>(
      await book({ operator_id: null, starts: anyone.map((d) => d.starts_at) }),
    );
    const rows = await seriesRows(booked.series_id);
    expect(rows[1]!.operator_id).toBe(salon.bea);
  });

  it('refuses the whole series naming the date taken meanwhile, and saves nothing', async () => {
    const first = addDays(today, 5);
    const dates = await planned({ first_date: first, first_time: '15:00', every_weeks: 2, count: 4 });
    const third = dates[2]!;
    await insertReservation(server, salon, {
      startsAt: romeInstant(third.date, '15:30'),
      status: 'confermata',
      operatorId: salon.anna,
    });
    const before = await sql<{ n: string }>(`select count(*)::text as n from app.reservations`);
    expectRefused(
      await book({ starts: dates.map((date) => date.starts_at) }),
      `Il ${romeDay(third.date)} alle 15:00: ${slotTaken}. Nessun appuntamento è stato salvato`,
    );
    expect(await sql(`select count(*)::text as n from app.reservations`)).toEqual(before);
  });

  it('books the same slots once when two series are confirmed at once', async () => {
    const dates = await planned({
      first_date: addDays(today, 6),
      first_time: '16:00',
      every_weeks: 1,
      count: 3,
    });
    const starts = dates.map((d) => d.starts_at);
    const answers = await Promise.all([book({ starts }), book({ starts })]);
    expect(answers.filter((a) => a.error === null)).toHaveLength(1);
    expect(answers.find((a) => a.error)!.error!.message).toMatch(/Nessun appuntamento è stato salvato$/);
    const overlapping = await sql<{ n: string }>(
      `select count(*)::text as n from app.reservations
        where operator_id = $1 and status = 'confermata' and starts_at = any($2::timestamptz[])`,
      [salon.anna, starts],
    );
    expect(overlapping).toEqual([{ n: '3' }]);
  });

  it('keeps the wall-clock time across the change of the clocks in Europe/Rome', async () => {
    const [{ change }] = (await sql<{ change: string }>(
      `select to_char(min(d), 'YYYY-MM-DD') as change
         from generate_series(current_date + 8, current_date + 300, interval '1 day') d
        where ((d::date + time '12:00') at time zone 'Europe/Rome')
              - ((d::date - 1 + time '12:00') at time zone 'Europe/Rome') <> interval '24 hours'`,
    )) as [{ change: string }];
    const dates = await planned({
      first_date: addDays(change, -7),
      first_time: '09:30',
      every_weeks: 1,
      count: 3,
    });
    expect(dates.map((d) => [d.date, d.time, d.fits])).toEqual([
      [addDays(change, -7), '09:30', true],
      [change, '09:30', true],
      [addDays(change, 7), '09:30', true],
    ]);
    const booked = expectOk<BookedSeries>(await book({ starts: dates.map((d) => d.starts_at) }));
    const rows = await seriesRows(booked.series_id);
    expect(rows.map((r) => r.rome)).toEqual(dates.map((d) => `${d.date} 09:30`));
    const hours = dates.map((d) => new Date(d.starts_at).getUTCHours());
    expect(hours[0]).not.toBe(hours[2]);
  });

  it('refuses bad counts, intervals, past dates and dates beyond a year', async () => {
    const first = addDays(today, 2);
    for (const count of [0, 1, 13]) {
      expectRefused(await plan({ first_date: first, count }), 'Una serie ha da 2 a 12 appuntamenti');
    }
    for (const every_weeks of [0, 13]) {
      expectRefused(await plan({ first_date: first, every_weeks }), 'Ripeti ogni 1-12 settimane');
    }
    expectRefused(
      await plan({ first_date: first, first_time: '19:15' }),
      'Scegli un orario tra le 09:00 e le 19:00, ogni 15 minuti',
    );
    const far = await planned({ first_date: addDays(today, 300), every_weeks: 12, count: 3 });
    expect(far.map((d) => d.fits)).toEqual([true, false, false]);
    expect(far[1]!.reason).toBe('Una serie si prenota al massimo per un anno');
    expect(far[1]!.alternative_starts_at).toBeNull();
    expectRefused(
      await book({ starts: [far[1]!.starts_at] }),
      `Il ${romeDay(far[1]!.date)} alle 10:00: ` +
        'Una serie si prenota al massimo per un anno. Nessun appuntamento è stato salvato',
    );
    const past = await planned({ first_date: addDays(today, -1), every_weeks: 1, count: 2 });
    expect(past[0]).toMatchObject({ fits: false, reason: "L'orario scelto è già passato" });
    expectRefused(
      await book({ starts: [past[0]!.starts_at] }),
      `Il ${romeDay(past[0]!.date)} alle 10:00: L'orario scelto è già passato. Nessun appuntamento è stato salvato`,
    );
  });

  it("refuses another salon's client, treatment and operator, a customer, and an erased client", async () => {
    const first = addDays(today, 9);
    const args = { first_date: first };
    expectRefused(await plan(args, other), 'Cliente non trovato');
    expectRefused(await plan({ ...args, treatment_id: other.piega }), 'Trattamento non trovato');
    expectRefused(
      await plan({ ...args, operator_id: other.anna }),
      "L'operatore scelto non esegue questo trattamento",
    );
    const dates = await planned(args);
    expectRefused(await book({ starts: [dates[0]!.starts_at] }, other), 'Cliente non trovato');
    const customer = await salon.client.client.rpc('book_series', {
      client_id: salon.member.client_id,
      treatment_id: salon.piega,
      operator_id: salon.anna,
      starts: [dates[0]!.starts_at],
    });
    expect(customer.status).toBe(403);

    const leaving = await joinAsClient(server, salon.merchant.slug, { name: 'Carla Neri' });
    expectOk(
      await leaving.persona.client.rpc('erase_my_account', {
        merchant_slug: salon.merchant.slug,
        confirmation: 'ELIMINA',
      }),
    );
    expectRefused(await plan({ ...args, client_id: leaving.joined.client_id }), 'Cliente non trovato');
    expectRefused(
      await book({ client_id: leaving.joined.client_id, starts: [dates[0]!.starts_at] }),
      'Cliente non trovato',
    );
  });

  it('cancels one appointment alone, or the rest of the series with its past ones untouched', async () => {
    const dates = await planned({
      first_date: addDays(today, 10),
      first_time: '17:00',
      every_weeks: 1,
      count: 4,
    });
    const booked = expectOk<BookedSeries>(await book({ starts: dates.map((d) => d.starts_at) }));
    const ids = (
      await sql<{ id: string }>(`select id from app.reservations where series_id = $1 order by starts_at`, [
        booked.series_id,
      ])
    ).map((r) => r.id);
    expectOk(
      await salon.owner.client.rpc('merchant_cancel_reservation', {
        reservation_id: ids[0],
        reason: 'Malata',
      }),
    );
    expect((await seriesRows(booked.series_id)).map((r) => r.status)).toEqual([
      'annullata',
      'confermata',
      'confermata',
      'confermata',
    ]);
    // One of the series done already: cancelling the series leaves it.
    await sql(
      `insert into app.reservations (merchant_id, client_id, treatment_id, treatment_name, operator_id,
         starts_at, ends_at, status, series_id)
       values ($1, $2, $3, 'Piega', $4, now() - interval '2 hours', now() - interval '1 hour', 'completata', $5)`,
      [salon.merchant.id, salon.member.client_id, salon.piega, salon.anna, booked.series_id],
    );
    expectRefused(
      await other.owner.client.rpc('cancel_series', { reservation_id: ids[2], reason: 'Chiusura' }),
      'Prenotazione non trovata',
    );
    expect(
      expectOk(
        await salon.owner.client.rpc('cancel_series', { reservation_id: ids[2], reason: 'Trasferita' }),
      ),
    ).toEqual({ message: 'Serie annullata', cancelled: 3 });
    expect((await seriesRows(booked.series_id)).map((r) => r.status)).toEqual([
      'completata',
      'annullata',
      'annullata',
      'annullata',
      'annullata',
    ]);
  });
});
