import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../support/use-test-server.ts';
import {
  addDays,
  createAdmin,
  insertReservation,
  openSalon,
  romeInstant,
  romeToday,
  type Salon,
} from '../../support/fixtures.ts';

describe('booking: no operator is ever double-booked among confirmed reservations', () => {
  const server = useTestServer();
  let salon: Salon;
  let day: string;

  beforeAll(async () => {
    salon = await openSalon(server, await createAdmin(server), 'Salone Gara');
    day = addDays(await romeToday(server), 6);
  });

  const confirmedOverlaps = async () =>
    (
      await server.server.context.db.query<{ n: number | string }>(
        `select count(*) as n from app.reservations a join app.reservations b
           on a.operator_id = b.operator_id and a.id < b.id
          where a.status = 'confermata' and b.status = 'confermata'
            and a.starts_at < b.ends_at and b.starts_at < a.ends_at`,
      )
    ).rows[0]!.n;

  it('lets exactly one of 20 parallel confirms of overlapping reservations succeed', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 20; index += 1) {
      const minute = String(index * 3).padStart(2, '0');
      ids.push(await insertReservation(server, salon, { startsAt: romeInstant(day, `10:${minute}`) }));
    }
    // Warm the server's connection pool first, so the confirms really overlap in the database: without
    // the exclusion constraint this test sees several of them succeed.
    await Promise.all(ids.map(() => salon.owner.client.rpc('list_operators')));
    const results = await Promise.all(
      ids.map((id) => salon.owner.client.rpc('confirm_reservation', { reservation_id: id })),
    );
    expect(results.filter((result) => result.error === null)).toHaveLength(1);
    for (const result of results.filter((result) => result.error !== null)) {
      expect(result.error?.message).toBe(
        "Orario non disponibile: l'operatore ha già un appuntamento confermato in questa fascia",
      );
    }
    expect(Number(await confirmedOverlaps())).toBe(0);
  });

  it('keeps the rule when merchant confirms and client accepts race for one operator', async () => {
    const start = romeInstant(day, '15:00');
    const pending = await Promise.all(
      Array.from({ length: 10 }, () =>
        insertReservation(server, salon, { startsAt: start, operatorId: salon.bea }),
      ),
    );
    const changed = await Promise.all(
      Array.from({ length: 10 }, () =>
        insertReservation(server, salon, { startsAt: start, operatorId: salon.bea, status: 'modificata' }),
      ),
    );
    await Promise.all(
      pending.map(() => salon.client.client.rpc('booking_dates', { merchant_slug: salon.merchant.slug })),
    );
    const results = await Promise.all([
      ...pending.map((id) => salon.owner.client.rpc('confirm_reservation', { reservation_id: id })),
      ...changed.map((id) => salon.client.client.rpc('accept_reservation_change', { reservation_id: id })),
    ]);
    expect(results.filter((result) => result.error === null)).toHaveLength(1);
    expect(Number(await confirmedOverlaps())).toBe(0);
  });

  it('refuses an overlapping confirmed reservation of one operator whoever writes it (the constraint)', async () => {
    const start = romeInstant(addDays(day, 1), '11:00');
    await insertReservation(server, salon, { startsAt: start, status: 'confermata', operatorId: salon.anna });
    await expect(
      insertReservation(server, salon, {
        startsAt: `${start} + interval '59 minutes'`,
        status: 'confermata',
        operatorId: salon.anna,
      }),
    ).rejects.toThrow('reservations_operator_never_double_booked');
    // Back to back, another operator, or not confirmed: allowed.
    await insertReservation(server, salon, {
      startsAt: `${start} + interval '60 minutes'`,
      status: 'confermata',
      operatorId: salon.anna,
    });
    await insertReservation(server, salon, { startsAt: start, status: 'confermata', operatorId: salon.bea });
    await insertReservation(server, salon, { startsAt: start, status: 'in attesa', operatorId: salon.anna });
    const { rows } = await server.server.context.db.query<{ n: number | string }>(
      `select count(*) as n from pg_constraint where conname = 'reservations_operator_never_double_booked'`,
    );
    expect(Number(rows[0]!.n)).toBe(1);
    expect(Number(await confirmedOverlaps())).toBe(0);
  });
});
