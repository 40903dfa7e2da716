import { describe, expect, it } from 'vitest';
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
});
