import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../support/use-test-server.ts';
import {
  addDays,
  createAdmin,
  expectOk,
  openSalon,
  type Answer,
  type Salon,
} from '../../support/fixtures.ts';
import { startLabels, type VisitFreeTimes } from '../../support/visit-free-times.ts';

/**
 * A visit on the days Europe/Rome changes its clocks. Those days lie beyond today's 30-day window, so this
 * file's own database opens the window on the days around each change, and restores it afterwards.
 */
describe('booking: a visit on the days the clocks change in Europe/Rome', () => {
  const server = useTestServer();
  let salon: Salon;
  let changes: string[];
  let windowDefinition: string;

  const db = () => server.server.context.db;
  const openWindowAround = (day: string) =>
    db().query(
      `create or replace function app_private.booking_window(out first_day date, out last_day date)
       language sql stable set search_path = '' as $$ select date '${addDays(day, -1)}', date '${addDays(day, 28)}' $$`,
    );

  beforeAll(async () => {
    const admin = await createAdmin(server);
    salon = await openSalon(server, admin, 'Salone Ora Legale');
    // The next last Sunday of March and of October: the days not 24 hours long.
    changes = (
      await db().query<{ day: string }>(
        `select to_char(d, 'YYYY-MM-DD') as day
           from generate_series(current_date + 2, current_date + 400, interval '1 day') d
          where ((d::date + 1)::timestamp at time zone 'Europe/Rome')
                - (d::date::timestamp at time zone 'Europe/Rome') <> interval '24 hours'
          order by d`,
      )
    ).rows.map((row) => row.day);
    windowDefinition = (
      await db().query<{ definition: string }>(
        `select pg_get_functiondef('app_private.booking_window()'::regprocedure) as definition`,
      )
    ).rows[0]!.definition;
  });

  afterAll(async () => {
    await db().query(windowDefinition);
  });

  const piegaThenCiglia = () => [
    { treatment_id: salon.piega, operator_id: null },
    { treatment_id: salon.ciglia, operator_id: salon.anna },
  ];
  const client = (fn: string, args: Record<string, unknown>) => salon.client.client.rpc(fn, args);
  const merchant = (fn: string, args: Record<string, unknown>) => salon.owner.client.rpc(fn, args);
  const parts = async (visitId: string) =>
    (
      await db().query<{ id: string; status: string; rome: string; minutes: number | string }>(
        `select id, status, to_char(starts_at at time zone 'Europe/Rome', 'YYYY-MM-DD HH24:MI') || '-' ||
                to_char(ends_at at time zone 'Europe/Rome', 'HH24:MI') as rome,
                extract(epoch from ends_at - starts_at) / 60 as minutes
           from app.reservations where visit_id = $1 order by visit_part`,
        [visitId],
      )
    ).rows.map((row) => ({ ...row, minutes: Number(row.minutes) }));

  it('finds both changes of the coming year', () => {
    expect(changes).toHaveLength(2);
    expect(changes.every((day) => new Date(`${day}T12:00:00Z`).getUTCDay() === 0)).toBe(true);
  });

  it.each([
    ['first', 0],
    ['second', 1],
  ] as const)(
    'offers, books, confirms, modifies and moves a visit by Rome’s wall clock on the %s change',
    async (_which, index) => {
      const day = changes[index]!;
      await openWindowAround(day);
      const free = expectOk<VisitFreeTimes>(
        await client('visit_free_times', {
          merchant_slug: salon.merchant.slug,
          parts: piegaThenCiglia(),
          date: day,
        }),
      );
      const times = startLabels(free);
      expect(times).toHaveLength(41);
      expect([times[0], times.at(-1)]).toEqual(['09:00', '19:00']);
      // Each part's times by Rome's wall clock, as booking will save them.
      expect(free.times.find((one) => one.time === '18:00')?.parts).toEqual([
        { part: 1, starts: '18:00', ends: '19:00' },
        { part: 2, starts: '19:00', ends: '19:30' },
      ]);
      expect(free.minutes).toBe(90);

      const book = async (date: string, time: string) =>
        expectOk<Answer>(
          await client('book_visit', {
            merchant_slug: salon.merchant.slug,
            parts: piegaThenCiglia(),
            date,
            time,
          }),
        ).id!;
      const onTheDay = await book(day, '18:00');
      expect(await parts(onTheDay)).toMatchObject([
        { rome: `${day} 18:00-19:00`, minutes: 60 },
        { rome: `${day} 19:00-19:30`, minutes: 30 },
      ]);
      expectOk(await merchant('confirm_reservation', { reservation_id: (await parts(onTheDay))[1]!.id }));
      expect((await parts(onTheDay)).map((part) => part.status)).toEqual(['confermata', 'confermata']);

      // From the day before, across the change: the same wall-clock times, the same real minutes.
      const dayBefore = await book(addDays(day, -1), '09:00');
      expectOk(
        await merchant('modify_reservation', {
          reservation_id: (await parts(dayBefore))[0]!.id,
          date: day,
          time: '09:00',
          note: 'Il giorno dopo',
        }),
      );
      expectOk(
        await client('accept_reservation_change', { reservation_id: (await parts(dayBefore))[1]!.id }),
      );
      expect(await parts(dayBefore)).toMatchObject([
        { status: 'confermata', rome: `${day} 09:00-10:00`, minutes: 60 },
        { status: 'confermata', rome: `${day} 10:00-10:30`, minutes: 30 },
      ]);

      const moved = expectOk<Answer>(
        await client('move_reservation', {
          reservation_id: (await parts(dayBefore))[0]!.id,
          date: addDays(day, 1),
          time: '09:00',
        }),
      ).id!;
      expect(await parts(moved)).toMatchObject([
        { status: 'in attesa', rome: `${addDays(day, 1)} 09:00-10:00`, minutes: 60 },
        { status: 'in attesa', rome: `${addDays(day, 1)} 10:00-10:30`, minutes: 30 },
      ]);
    },
    60_000,
  );
});
