import { describe, expect, it } from 'vitest';
import { createAdmin, openSalon } from '../../support/fixtures.ts';
import { useTestServer } from '../../support/use-test-server.ts';

/** The grid and durations on the days Europe/Rome changes its clocks (outside today's booking window). */
describe('booking: the grid and durations across daylight saving time in Europe/Rome', () => {
  const server = useTestServer();

  const grid = async (day: string) =>
    (
      await server.server.context.db.query<{ label: string; utc: string }>(
        `select label, to_char(starts_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as utc
           from app_private.booking_grid($1::date) order by starts_at`,
        [day],
      )
    ).rows;

  it.each([
    ['2026-03-29', '07:00', '17:00'],
    ['2026-10-25', '08:00', '18:00'],
    ['2026-11-23', '08:00', '18:00'],
    ['2026-07-01', '07:00', '17:00'],
  ])('offers 09:00-19:00 Rome time every 15 real minutes on %s', async (day, firstUtc, lastUtc) => {
    const slots = await grid(day);
    expect(slots).toHaveLength(41);
    expect(slots[0]).toEqual({ label: '09:00', utc: `${day} ${firstUtc}` });
    expect(slots.at(-1)).toEqual({ label: '19:00', utc: `${day} ${lastUtc}` });
    const instants = slots.map((slot) => Date.parse(`${slot.utc}Z`));
    for (let index = 1; index < instants.length; index += 1) {
      expect(instants[index]! - instants[index - 1]!).toBe(15 * 60_000);
    }
  });

  it('keeps a 60-minute treatment from 09:00 ending at 10:00 on both days', async () => {
    const { rows } = await server.server.context.db.query<{ day: string; ends: string }>(
      `select d::text as day,
              to_char((g.starts_at + make_interval(mins => 60)) at time zone 'Europe/Rome', 'HH24:MI') as ends
         from unnest(array[date '2026-03-29', date '2026-10-25']) as d,
              lateral app_private.booking_grid(d) g
        where g.label = '09:00'
        order by d`,
    );
    expect(rows).toEqual([
      { day: '2026-03-29', ends: '10:00' },
      { day: '2026-10-25', ends: '10:00' },
    ]);
  });

  it('books exactly the grid’s start times: booking_start asks booking_grid', async () => {
    const { rows } = await server.server.context.db.query<{
      matching: number | string;
      total: number | string;
    }>(
      `select count(*) filter (where app_private.booking_start(d, g.label) = g.starts_at) as matching,
              count(*) as total
         from (select app_private.rome_today() + 1 as d) day, lateral app_private.booking_grid(d) g`,
    );
    expect(Number(rows[0]!.total)).toBe(41);
    expect(Number(rows[0]!.matching)).toBe(41);
    await expect(
      server.server.context.db.query(
        `select app_private.booking_start(app_private.rome_today() + 1, '19:15')`,
      ),
    ).rejects.toThrow('Scegli un orario tra le 09:00 e le 19:00, ogni 15 minuti');
  });

  it('measures a pause and a processing gap in real minutes across both changes', async () => {
    const { rows } = await server.server.context.db.query<{ day: string; span: string }>(
      `select d::text as day,
              (select string_agg(to_char(lower(r) at time zone 'UTC', 'HH24:MI') || '-' ||
                                 to_char(upper(r) at time zone 'UTC', 'HH24:MI'), ' ' order by lower(r))
                 from unnest(app_private.busy_span(s, s + interval '90 minutes', 30, 30, 20)) r) as span
         from unnest(array[date '2027-03-28', date '2026-10-25']) as d,
              lateral (select (d + time '01:30') at time zone 'Europe/Rome' as s) start
        order by d`,
    );
    // 01:30 Rome is 00:30 UTC in winter (March) and 23:30 UTC the day before in summer (October).
    expect(rows).toEqual([
      { day: '2026-10-25', span: '23:30-00:00 00:20-01:30' },
      { day: '2027-03-28', span: '00:30-01:00 01:20-02:30' },
    ]);
  });

  it('keeps one operator’s busy spans, pause included, apart on the nights the clocks change', async () => {
    const salon = await openSalon(server, await createAdmin(server), 'Salone Ora Legale');
    const db = server.server.context.db;
    // Ciglia (30 minutes, Anna only) here cleans for 30 minutes after.
    await db.query('update app.treatments set buffer_minutes = 30 where id = $1', [salon.ciglia]);
    const confirm = (utc: string) =>
      db.query(
        `insert into app.reservations (merchant_id, client_id, treatment_id, treatment_name, operator_id,
           starts_at, ends_at, status)
         values ($1, $2, $3, 'Ciglia', $4, $5::timestamptz, $5::timestamptz + interval '30 minutes', 'confermata')`,
        [salon.merchant.id, salon.member.client_id, salon.ciglia, salon.anna, utc],
      );
    const busy = async (utc: string) =>
      (
        await db.query<{ busy: boolean }>(
          `select app_private.operator_has_confirmed_overlap($1, $2::timestamptz,
                    $2::timestamptz + interval '30 minutes', null, $3) as busy`,
          [salon.anna, utc, salon.ciglia],
        )
      ).rows[0]!.busy;
    const taken = 'reservations_operator_never_double_booked';

    // 25 October 2026: 02:00 summer time (00:00 UTC) busy until 02:00 winter time (01:00 UTC).
    await confirm('2026-10-25 00:00+00');
    expect(await busy('2026-10-25 00:30+00')).toBe(true); // 02:30 summer time
    expect(await busy('2026-10-25 01:00+00')).toBe(false); // 02:00 winter time
    await expect(confirm('2026-10-25 00:30+00')).rejects.toThrow(taken);
    await confirm('2026-10-25 01:30+00'); // 02:30 winter time

    // 28 March 2027: 01:30 winter time (00:30 UTC) busy until 03:30 summer time (01:30 UTC).
    await confirm('2027-03-28 00:30+00');
    expect(await busy('2027-03-28 01:15+00')).toBe(true); // 03:15 summer time
    expect(await busy('2027-03-28 01:30+00')).toBe(false); // 03:30 summer time
    await expect(confirm('2027-03-28 01:15+00')).rejects.toThrow(taken);
    await confirm('2027-03-28 01:30+00');

    // The laser Ciglia needs, held by Bea from 02:30 summer time to 02:00 winter time (00:30-01:00 UTC):
    // taken for Carla at 02:45 summer time, free for her at 02:00 winter time.
    const laser = (
      await db.query<{ id: string }>(
        `insert into app.resources (merchant_id, name) values ($1, 'Laser') returning id`,
        [salon.merchant.id],
      )
    ).rows[0]!.id;
    const carla = (
      await db.query<{ id: string }>(
        `insert into app.operators (merchant_id, name) values ($1, 'Carla') returning id`,
        [salon.merchant.id],
      )
    ).rows[0]!.id;
    await db.query(
      `insert into app.treatment_resources (merchant_id, treatment_id, resource_id) values ($1, $2, $3)`,
      [salon.merchant.id, salon.ciglia, laser],
    );
    await db.query('update app.treatments set buffer_minutes = 0 where id = $1', [salon.ciglia]);
    const withLaser = (operator: string, utc: string) =>
      db.query(
        `insert into app.reservations (merchant_id, client_id, treatment_id, treatment_name, operator_id,
           starts_at, ends_at, status)
         values ($1, $2, $3, 'Ciglia', $4, $5::timestamptz, $5::timestamptz + interval '30 minutes', 'confermata')`,
        [salon.merchant.id, salon.member.client_id, salon.ciglia, operator, utc],
      );
    const laserFree = async (utc: string) =>
      (
        await db.query<{ free: boolean }>(
          `select app_private.resources_free($1, $2::timestamptz, $2::timestamptz + interval '30 minutes') as free`,
          [salon.ciglia, utc],
        )
      ).rows[0]!.free;
    await withLaser(salon.bea, '2026-10-25 00:30+00');
    expect(await laserFree('2026-10-25 00:45+00')).toBe(false);
    expect(await laserFree('2026-10-25 01:00+00')).toBe(true);
    await expect(withLaser(carla, '2026-10-25 00:45+00')).rejects.toThrow(
      'resource_bookings_never_double_booked',
    );
    await withLaser(carla, '2026-10-25 01:00+00');
  });
});
