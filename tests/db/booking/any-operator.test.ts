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
  type ReservationRow,
  type Salon,
} from '../../support/fixtures.ts';

const noOperatorFree =
  'Orario non disponibile: nessun operatore che esegue il trattamento è libero in questa fascia';

interface FreeOperator {
  id: string;
  name: string;
  busy_minutes: number;
  proposed: boolean;
}

describe("booking: 'Nessuna preferenza' means any operator who is free", () => {
  const server = useTestServer();
  let salon: Salon;
  let today: string;

  beforeAll(async () => {
    salon = await openSalon(server, await createAdmin(server), 'Salone Chiunque');
    today = await romeToday(server);
  });

  const client = (fn: string, args: Record<string, unknown>) =>
    salon.client.client.rpc(fn, { merchant_slug: salon.merchant.slug, ...args });
  const merchant = (fn: string, args: Record<string, unknown>) => salon.owner.client.rpc(fn, args);
  const book = async (args: Record<string, unknown>) =>
    expectOk<Answer>(await client('book_reservation', args)).id!;
  const free = async (args: Record<string, unknown>) => expectOk<string[]>(await client('free_times', args));
  const confirmedOverlaps = async () =>
    Number(
      (
        await server.server.context.db.query<{ n: number | string }>(
          `select count(*) as n from app.reservations a join app.reservations b
             on a.operator_id = b.operator_id and a.id < b.id
            where a.status = 'confermata' and b.status = 'confermata'
              and a.starts_at < b.ends_at and b.starts_at < a.ends_at`,
        )
      ).rows[0]!.n,
    );

  it('stops offering a time once the only operator who performs the treatment is confirmed there', async () => {
    const day = addDays(today, 2);
    // Ciglia (30 minutes) is performed by Anna only.
    const named = await book({
      treatment_id: salon.ciglia,
      operator_id: salon.anna,
      date: day,
      time: '10:00',
    });
    expect(await free({ treatment_id: salon.ciglia, date: day })).toContain('10:00');
    const early = await book({ treatment_id: salon.ciglia, date: day, time: '10:00' });
    expectOk(await merchant('confirm_reservation', { reservation_id: named }));

    const anyone = await free({ treatment_id: salon.ciglia, date: day });
    for (const taken of ['09:45', '10:00', '10:15']) expect(anyone).not.toContain(taken);
    expect(anyone).toContain('09:30');
    expect(anyone).toContain('10:30');
    // (10:15: asking again for 10:00 would be her pending request, returned as it is.)
    expectRefused(
      await client('book_reservation', { treatment_id: salon.ciglia, date: day, time: '10:15' }),
      noOperatorFree,
    );
    // The request made before the confirmation cannot be confirmed any more.
    expectRefused(await merchant('confirm_reservation', { reservation_id: early }), noOperatorFree);
    expect(
      expectOk<FreeOperator[]>(await merchant('reservation_free_operators', { reservation_id: early })),
    ).toEqual([]);
    // Piega is for everyone: Bea is still free at 10:00.
    expect(await free({ treatment_id: salon.piega, date: day })).toContain('10:00');
  });

  it('proposes the free operators of a request, least busy that day first, and confirms with the choice', async () => {
    const day = addDays(today, 3);
    await insertReservation(server, salon, {
      startsAt: romeInstant(day, '09:00'),
      status: 'confermata',
      operatorId: salon.anna,
    });
    const request = await book({ treatment_id: salon.piega, date: day, time: '12:00' });
    const rows = expectOk<ReservationRow[]>(await merchant('merchant_reservations', {}));
    expect(rows.find((row) => row.id === request)).toMatchObject({
      operator_id: null,
      operator_name: 'Nessuna preferenza',
    });
    const options = expectOk<FreeOperator[]>(
      await merchant('reservation_free_operators', { reservation_id: request }),
    );
    expect(options.map((option) => [option.name, option.busy_minutes, option.proposed])).toEqual([
      ['Bea', 0, true],
      ['Anna', 60, false],
    ]);
    expectRefused(
      await merchant('confirm_reservation', {
        reservation_id: request,
        operator_id: '00000000-0000-0000-0000-000000000000',
      }),
      "L'operatore scelto non esegue questo trattamento",
    );
    expect(
      expectOk<Answer>(
        await merchant('confirm_reservation', { reservation_id: request, operator_id: salon.anna }),
      ),
    ).toMatchObject({ message: 'Prenotazione confermata', operator_id: salon.anna, operator_name: 'Anna' });

    // A request that named an operator is confirmed with that operator only.
    const named = await book({ treatment_id: salon.piega, operator_id: salon.bea, date: day, time: '15:00' });
    expect(
      expectOk<FreeOperator[]>(await merchant('reservation_free_operators', { reservation_id: named })).map(
        (option) => option.name,
      ),
    ).toEqual(['Bea']);
    expectRefused(
      await merchant('confirm_reservation', { reservation_id: named, operator_id: salon.anna }),
      'Il cliente ha scelto un altro operatore: modifica o rifiuta la richiesta',
    );
    // Ciglia is Anna's: Bea cannot be assigned to it.
    const lashes = await book({ treatment_id: salon.ciglia, date: day, time: '16:00' });
    expectRefused(
      await merchant('confirm_reservation', { reservation_id: lashes, operator_id: salon.bea }),
      "L'operatore scelto non esegue questo trattamento",
    );
  });

  it('assigns the least busy free operator when the customer accepts a change without preference', async () => {
    const day = addDays(today, 9);
    await insertReservation(server, salon, {
      startsAt: romeInstant(day, '09:00'),
      status: 'confermata',
      operatorId: salon.bea,
    });
    const request = await book({ treatment_id: salon.piega, date: day, time: '16:00' });
    expectOk(
      await merchant('modify_reservation', {
        reservation_id: request,
        date: day,
        time: '17:00',
        note: 'Più tardi',
      }),
    );
    expectOk(await salon.client.client.rpc('accept_reservation_change', { reservation_id: request }));
    const row = expectOk<ReservationRow[]>(await client('client_reservations', {})).find(
      (r) => r.id === request,
    );
    expect(row).toMatchObject({ status: 'confermata', operator_id: salon.anna, operator_name: 'Anna' });
  });

  it('never stores a confirmed appointment without an operator', async () => {
    await expect(
      insertReservation(server, salon, {
        startsAt: romeInstant(addDays(today, 4), '09:00'),
        status: 'confermata',
        operatorId: null,
      }),
    ).rejects.toThrow('reservations_confirmed_have_an_operator');
    const pending = await insertReservation(server, salon, {
      startsAt: romeInstant(addDays(today, 4), '09:00'),
      operatorId: null,
    });
    await expect(
      server.server.context.db.query(`update app.reservations set status = 'confermata' where id = $1`, [
        pending,
      ]),
    ).rejects.toThrow('reservations_confirmed_have_an_operator');
  });

  it('refuses to delete an operator with future confirmed appointments, naming how many', async () => {
    const added = expectOk<Answer>(
      await merchant('add_operator', { name: 'Carla', image_path: `${salon.merchant.id}/carla.png` }),
    ).id!;
    const past = await insertReservation(server, salon, {
      startsAt: `now() - interval '3 days'`,
      status: 'confermata',
      operatorId: added,
    });
    for (const offset of [5, 6, 7]) {
      await insertReservation(server, salon, {
        startsAt: romeInstant(addDays(today, offset), '18:00'),
        status: 'confermata',
        operatorId: added,
      });
    }
    expectRefused(
      await merchant('delete_operator', { operator_id: added }),
      "Impossibile eliminare: l'operatore ha 3 appuntamenti futuri confermati",
    );
    await server.server.context.db.query(
      `delete from app.reservations where operator_id = $1 and starts_at > now()`,
      [added],
    );
    expectOk(await merchant('delete_operator', { operator_id: added }));
    // The past appointment still says who performed it.
    const row = expectOk<ReservationRow[]>(await merchant('merchant_reservations', {})).find(
      (r) => r.id === past,
    );
    expect(row).toMatchObject({ operator_id: null, operator_name: 'Carla', status: 'confermata' });
  });

  it('confirms 20 racing overlapping requests without preference on at most one per operator', async () => {
    const day = addDays(today, 8);
    const ids: string[] = [];
    for (let index = 0; index < 20; index += 1) {
      const minute = String(index * 2).padStart(2, '0');
      ids.push(
        await insertReservation(server, salon, {
          startsAt: romeInstant(day, `11:${minute}`),
          operatorId: null,
        }),
      );
    }
    await Promise.all(ids.map(() => merchant('list_operators', {})));
    const results = await Promise.all(
      ids.map((id) => merchant('confirm_reservation', { reservation_id: id })),
    );
    const confirmed = results.filter((result) => result.error === null);
    // Piega is performed by Anna and Bea: two requests get one each, every other one is refused.
    expect(confirmed).toHaveLength(2);
    expect(
      new Set(confirmed.map((result) => (result.data as Answer & { operator_id: string }).operator_id)),
    ).toEqual(new Set([salon.anna, salon.bea]));
    for (const result of results.filter((r) => r.error !== null)) {
      expect(result.error?.message).toBe(noOperatorFree);
    }
    expect(await confirmedOverlaps()).toBe(0);
  });
});
