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
  type Answer,
  type Salon,
} from '../../support/fixtures.ts';

describe('booking: a visit modified and moved as a whole', () => {
  const server = useTestServer();
  let salon: Salon;
  let other: Salon;
  let today: string;

  beforeAll(async () => {
    const admin = await createAdmin(server);
    salon = await openSalon(server, admin, 'Salone Cambi');
    other = await openSalon(server, admin, 'Salone Accanto');
    today = await romeToday(server);
  });

  const db = () => server.server.context.db;
  const piegaThenCiglia = () => [
    { treatment_id: salon.piega, operator_id: null },
    { treatment_id: salon.ciglia, operator_id: salon.anna },
  ];
  const bookVisit = async (date: string, time: string) =>
    expectOk<Answer>(
      await salon.client.client.rpc('book_visit', {
        merchant_slug: salon.merchant.slug,
        parts: piegaThenCiglia(),
        date,
        time,
      }),
    ).id!;
  const parts = async (visitId: string) =>
    (
      await db().query<{
        id: string;
        status: string;
        day: string;
        starts: string;
        ends: string;
        notes: string;
      }>(
        `select id, status, notes, to_char(starts_at at time zone 'Europe/Rome', 'YYYY-MM-DD') as day,
                to_char(starts_at at time zone 'Europe/Rome', 'HH24:MI') as starts,
                to_char(ends_at at time zone 'Europe/Rome', 'HH24:MI') as ends
           from app.reservations where visit_id = $1 order by visit_part`,
        [visitId],
      )
    ).rows;
  const partId = async (visitId: string, part: number) => (await parts(visitId))[part - 1]!.id;
  const modify = (reservationId: string, date: string, time: string, as = salon.owner) =>
    as.client.rpc('modify_reservation', { reservation_id: reservationId, date, time, note: 'Più tardi' });
  const annaBusy = (day: string, time: string) =>
    insertReservation(server, salon, {
      startsAt: romeInstant(day, time),
      minutes: 30,
      status: 'confermata',
      operatorId: salon.anna,
    });
  const clear = () => db().query(`delete from app.reservations where merchant_id = $1`, [salon.merchant.id]);

  it('lets the salon propose a new start for the whole visit from any part, and the customer accept it whole', async () => {
    await clear();
    const day = addDays(today, 3);
    const visit = await bookVisit(day, '10:00');
    expectOk(await modify(await partId(visit, 2), addDays(today, 4), '15:00'));
    expect(await parts(visit)).toMatchObject([
      { status: 'modificata', day: addDays(today, 4), starts: '15:00', ends: '16:00', notes: 'Più tardi' },
      { status: 'modificata', day: addDays(today, 4), starts: '16:00', ends: '16:30', notes: 'Più tardi' },
    ]);
    const accept = async (part: number, as = salon.client) =>
      as.client.rpc('accept_reservation_change', { reservation_id: await partId(visit, part) });
    expect((await accept(1, other.client)).error).not.toBeNull();
    const answers = await Promise.all([accept(1), accept(2)]);
    expect(answers.filter((answer) => answer.error === null)).toHaveLength(1);
    expect(answers.find((answer) => answer.error === null)?.data).toMatchObject({
      message: 'Modifica accettata: prenotazione confermata',
    });
    expect((await parts(visit)).map((part) => part.status)).toEqual(['confermata', 'confermata']);
  });

  it('refuses a change, naming the part, when one part does not fit at the new time, and changes nothing', async () => {
    await clear();
    const day = addDays(today, 5);
    const visit = await bookVisit(day, '10:00');
    await annaBusy(day, '15:00');
    const refused = await modify(await partId(visit, 1), day, '14:00');
    expect(refused.error?.message).toMatch(/^Ciglia: Orario non disponibile/);
    expect(await parts(visit)).toMatchObject([
      { status: 'in attesa', starts: '10:00' },
      { status: 'in attesa', starts: '11:00' },
    ]);
  });

  it('accepts all parts or none, and declines every part at once', async () => {
    await clear();
    const day = addDays(today, 6);
    const visit = await bookVisit(day, '10:00');
    expectOk(await modify(await partId(visit, 1), day, '12:00'));
    const rival = await insertReservation(server, salon, {
      startsAt: romeInstant(day, '13:00'),
      minutes: 30,
      operatorId: salon.anna,
    });
    expectOk(await salon.owner.client.rpc('confirm_reservation', { reservation_id: rival }));
    const refused = await salon.client.client.rpc('accept_reservation_change', {
      reservation_id: await partId(visit, 1),
    });
    expect(refused.error?.message).toMatch(/^Ciglia: /);
    expect((await parts(visit)).map((part) => part.status)).toEqual(['modificata', 'modificata']);
    expectOk(
      await salon.client.client.rpc('decline_reservation_change', { reservation_id: await partId(visit, 2) }),
    );
    expect((await parts(visit)).map((part) => part.status)).toEqual(['rifiutata', 'rifiutata']);
  });

  it('modifies a visit once for two changes at once, and never from another salon', async () => {
    await clear();
    const day = addDays(today, 7);
    const visit = await bookVisit(day, '10:00');
    expect((await modify(await partId(visit, 2), day, '14:00', other.owner)).error).not.toBeNull();
    const answers = await Promise.all([
      modify(await partId(visit, 1), day, '12:00'),
      modify(await partId(visit, 2), day, '15:00'),
    ]);
    expect(answers.filter((answer) => answer.error === null)).toHaveLength(1);
    const starts = (await parts(visit)).map((part) => part.starts);
    expect([
      ['12:00', '13:00'],
      ['15:00', '16:00'],
    ]).toContainEqual(starts);
  });

  const move = (reservationId: string, date: string, time: string, as = salon.client) =>
    as.client.rpc('move_reservation', { reservation_id: reservationId, date, time });
  const movedTo = async (visitId: string) =>
    (
      await db().query<{ visit_id: string }>(
        `select distinct m.visit_id from app.reservations m join app.reservations r on r.id = m.moves_reservation_id
          where r.visit_id = $1 and m.status <> 'annullata'`,
        [visitId],
      )
    ).rows.map((row) => row.visit_id);
  const confirmedVisit = async (day: string, time: string) => {
    const visit = await bookVisit(day, time);
    expectOk(await salon.owner.client.rpc('confirm_reservation', { reservation_id: await partId(visit, 1) }));
    return visit;
  };

  it('lets the customer move the whole visit from any part, replaced part by part when the salon confirms', async () => {
    await clear();
    const day = addDays(today, 10);
    const visit = await confirmedVisit(day, '10:00');
    const moved = expectOk<Answer>(await move(await partId(visit, 2), day, '14:30'));
    expect(moved.message).toBe('Richiesta di spostamento inviata');
    expect(await parts(moved.id!)).toMatchObject([
      {
        status: 'in attesa',
        starts: '14:30',
        ends: '15:30',
        notes: `Spostamento dell'appuntamento del ${day.split('-').reverse().join('-')} alle 10:00`,
      },
      { status: 'in attesa', starts: '15:30', ends: '16:00' },
    ]);
    expect((await parts(visit)).map((part) => part.status)).toEqual(['confermata', 'confermata']);
    expect(expectOk<Answer>(await move(await partId(visit, 1), day, '14:30')).id).toBe(moved.id);
    expectRefused(
      await move(await partId(visit, 1), day, '16:00'),
      'Hai già chiesto di spostare questo appuntamento: attendi la risposta del salone',
    );
    expectRefused(
      await move(await partId(moved.id!, 2), day, '16:00'),
      'Questa prenotazione non può essere spostata',
    );

    expectOk(
      await salon.owner.client.rpc('confirm_reservation', { reservation_id: await partId(moved.id!, 2) }),
    );
    expect((await parts(moved.id!)).map((part) => part.status)).toEqual(['confermata', 'confermata']);
    expect((await parts(visit)).map((part) => part.status)).toEqual(['spostata', 'spostata']);
  });

  it('refuses a move, naming the part, when one part does not fit, and saves nothing', async () => {
    await clear();
    const day = addDays(today, 11);
    const visit = await confirmedVisit(day, '10:00');
    await annaBusy(day, '15:00');
    expect((await move(await partId(visit, 1), day, '14:00')).error?.message).toMatch(/^Ciglia: /);
    expect(await movedTo(visit)).toEqual([]);
  });

  it('moves a visit once for 60 identical taps, never another salon’s customer, at once when the salon says so', async () => {
    await clear();
    const day = addDays(today, 12);
    const visit = await confirmedVisit(day, '10:00');
    const first = await partId(visit, 1);
    expect((await move(first, day, '15:00', other.client)).error).not.toBeNull();
    const answers = await Promise.all(Array.from({ length: 60 }, () => move(first, day, '15:00')));
    expect(new Set(answers.map((answer) => expectOk<Answer>(answer).id)).size).toBe(1);
    expect(await movedTo(visit)).toHaveLength(1);

    await clear();
    const again = await confirmedVisit(day, '10:00');
    expectOk(await salon.owner.client.rpc('set_moves_confirmed_at_once', { enabled: true }));
    try {
      const moved = expectOk<Answer>(await move(await partId(again, 2), day, '16:00'));
      expect(moved.message).toBe('Appuntamento spostato');
      expect((await parts(moved.id!)).map((part) => part.status)).toEqual(['confermata', 'confermata']);
      expect((await parts(again)).map((part) => part.status)).toEqual(['spostata', 'spostata']);
    } finally {
      expectOk(await salon.owner.client.rpc('set_moves_confirmed_at_once', { enabled: false }));
    }
  }, 60_000);

  it('leaves nothing to change or move of an erased customer’s visit', async () => {
    await clear();
    const { persona: leaving } = await joinAsClient(server, salon.merchant.slug, { name: 'Carla Blu' });
    const visit = expectOk<Answer>(
      await leaving.client.rpc('book_visit', {
        merchant_slug: salon.merchant.slug,
        parts: piegaThenCiglia(),
        date: addDays(today, 8),
        time: '10:00',
      }),
    ).id!;
    const first = await partId(visit, 1);
    expectOk(
      await leaving.client.rpc('erase_my_account', {
        merchant_slug: salon.merchant.slug,
        confirmation: 'ELIMINA',
      }),
    );
    expect((await modify(first, addDays(today, 9), '10:00')).error).not.toBeNull();
    expect((await move(first, addDays(today, 9), '10:00', leaving)).error).not.toBeNull();
    expect(
      (
        await db().query(`select 1 from app.reservations where visit_id = $1 and status = 'modificata'`, [
          visit,
        ])
      ).rows,
    ).toEqual([]);
  });
});
