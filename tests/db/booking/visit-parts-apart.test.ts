import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../support/use-test-server.ts';
import {
  addDays,
  createAdmin,
  expectOk,
  insertReservation,
  openSalon,
  romeInstant,
  romeToday,
  type Answer,
  type Salon,
} from '../../support/fixtures.ts';
import { startLabels, type VisitFreeTimes } from '../../support/visit-free-times.ts';

/** A part's pause after it never meets the next part by the same operator. */
describe('booking: a visit’s parts kept apart', () => {
  const server = useTestServer();
  let salon: Salon;
  let today: string;
  let pulizia: string;

  beforeAll(async () => {
    const admin = await createAdmin(server);
    salon = await openSalon(server, admin, 'Salone Pausa');
    today = await romeToday(server);
    pulizia = expectOk<Answer>(
      await salon.owner.client.rpc('add_treatment', {
        name: 'Pulizia viso',
        description: 'Pulizia',
        duration_minutes: 60,
        price: 30,
        operator_ids: [salon.anna, salon.bea],
        buffer_minutes: 15,
      }),
    ).id!;
  });

  const db = () => server.server.context.db;
  const puliziaThenCiglia = (operator: string | null = null) => [
    { treatment_id: pulizia, operator_id: operator },
    { treatment_id: salon.ciglia, operator_id: salon.anna },
  ];
  const freeTimes = async (date: string, parts = puliziaThenCiglia()) =>
    startLabels(
      expectOk<VisitFreeTimes>(
        await salon.client.client.rpc('visit_free_times', {
          merchant_slug: salon.merchant.slug,
          parts,
          date,
        }),
      ),
    );
  const asking = (date: string, time: string, parts = puliziaThenCiglia()) =>
    salon.client.client.rpc('book_visit', { merchant_slug: salon.merchant.slug, parts, date, time });
  const bookVisit = async (date: string, time: string) => expectOk<Answer>(await asking(date, time)).id!;
  const beaBusy = (day: string) =>
    insertReservation(server, salon, {
      startsAt: romeInstant(day, '10:00'),
      minutes: 60,
      status: 'confermata',
      operatorId: salon.bea,
    });

  it('offers no start whose only free operator would still be pausing when the next part begins', async () => {
    const day = addDays(today, 3);
    await beaBusy(day);
    const times = await freeTimes(day);
    // At 10:00 only Anna is free for Pulizia, and its pause runs into her Ciglia at 11:00.
    expect(times).not.toContain('10:00');
    expect(times).not.toContain('09:30');
    expect(times).toContain('11:00');
    // The same operator named for both parts: never back to back.
    expect(await freeTimes(addDays(today, 4), puliziaThenCiglia(salon.anna))).toEqual([]);
  });

  it('gives the part without preference the operator who is not needed next, even when busier', async () => {
    const day = addDays(today, 5);
    await beaBusy(day);
    const visit = await bookVisit(day, '11:00');
    const first = (
      await db().query<{ id: string }>(
        `select id from app.reservations where visit_id = $1 and visit_part = 1`,
        [visit],
      )
    ).rows[0]!.id;
    expectOk(await salon.owner.client.rpc('confirm_reservation', { reservation_id: first }));
    const { rows } = await db().query<{ operator_id: string; status: string }>(
      `select operator_id, status from app.reservations where visit_id = $1 order by visit_part`,
      [visit],
    );
    expect(rows).toEqual([
      { operator_id: salon.bea, status: 'confermata' },
      { operator_id: salon.anna, status: 'confermata' },
    ]);
  });

  it('refuses to book or change a visit whose part would meet the next one, naming the part', async () => {
    const day = addDays(today, 7);
    await beaBusy(day);
    const apart = /^Pulizia viso: Orario non disponibile: l'operatore è impegnato con un altro trattamento/;
    expect((await asking(day, '10:00')).error?.message).toMatch(apart);
    expect((await asking(day, '14:00', puliziaThenCiglia(salon.anna))).error?.message).toMatch(apart);
    const visit = await bookVisit(day, '14:00');
    const first = (
      await db().query<{ id: string }>(
        `select id from app.reservations where visit_id = $1 and visit_part = 1`,
        [visit],
      )
    ).rows[0]!.id;
    const changed = await salon.owner.client.rpc('modify_reservation', {
      reservation_id: first,
      date: day,
      time: '10:00',
      note: 'Prima',
    });
    expect(changed.error?.message).toMatch(apart);
    const { rows } = await db().query(
      `select 1 from app.reservations where visit_id = $1 and status = 'in attesa'`,
      [visit],
    );
    expect(rows).toHaveLength(2);
  });
});
