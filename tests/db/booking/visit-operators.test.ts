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
  type Persona,
  type Salon,
} from '../../support/fixtures.ts';
import { startLabels, type VisitFreeTimes } from '../../support/visit-free-times.ts';

/**
 * Parts without preference get their operators together: free times, booking and confirm agree on
 * whether one operator can take two parts whose pause meets.
 */
describe('booking: a visit’s operators chosen together', () => {
  const server = useTestServer();
  let salon: Salon;
  let other: Salon;
  let today: string;
  // 60 minutes and a 15-minute pause: Pulizia by Anna alone, Trucco by Anna or Bea.
  let pulizia: string;
  let trucco: string;

  beforeAll(async () => {
    const admin = await createAdmin(server);
    salon = await openSalon(server, admin, 'Salone Insieme');
    other = await openSalon(server, admin, 'Salone Accanto');
    today = await romeToday(server);
    const withPause = async (name: string, price: number, operatorIds: string[]) =>
      expectOk<Answer>(
        await salon.owner.client.rpc('add_treatment', {
          name,
          description: name,
          duration_minutes: 60,
          price,
          operator_ids: operatorIds,
          buffer_minutes: 15,
        }),
      ).id!;
    pulizia = await withPause('Pulizia viso', 30, [salon.anna]);
    trucco = await withPause('Trucco', 35.25, [salon.anna, salon.bea]);
  });

  const db = () => server.server.context.db;
  const anyOperator = (...treatmentIds: string[]) =>
    treatmentIds.map((treatmentId) => ({ treatment_id: treatmentId, operator_id: null }));
  const freeTimes = async (date: string, parts: unknown) =>
    expectOk<VisitFreeTimes>(
      await salon.client.client.rpc('visit_free_times', { merchant_slug: salon.merchant.slug, parts, date }),
    );
  const booking = (date: string, time: string, parts: unknown) =>
    salon.client.client.rpc('book_visit', { merchant_slug: salon.merchant.slug, parts, date, time });
  const visitRows = async (visitId: string) =>
    (
      await db().query<{ id: string; operator_id: string | null; status: string }>(
        `select id, operator_id, status from app.reservations where visit_id = $1 order by visit_part`,
        [visitId],
      )
    ).rows;

  it('answers each start with every part’s times and the visit’s totals', async () => {
    const free = await freeTimes(addDays(today, 2), anyOperator(trucco, salon.ciglia));
    expect(free.minutes).toBe(90);
    expect(free.price).toBe(75.75);
    expect(free.times[0]).toEqual({
      time: '09:00',
      parts: [
        { part: 1, starts: '09:00', ends: '10:00' },
        { part: 2, starts: '10:00', ends: '10:30' },
      ],
    });
    expect(free.times.find((one) => one.time === '17:45')?.parts).toEqual([
      { part: 1, starts: '17:45', ends: '18:45' },
      { part: 2, starts: '18:45', ends: '19:15' },
    ]);
  });

  it('offers and books no visit whose two parts only one operator could take, her pause meeting the next', async () => {
    const day = addDays(today, 3);
    const parts = anyOperator(pulizia, salon.ciglia);
    expect(startLabels(await freeTimes(day, parts))).toEqual([]);
    expectRefused(
      await booking(day, '10:00', parts),
      "Ciglia: Orario non disponibile: l'operatore è impegnato con un altro trattamento della visita",
    );
    // Ciglia first has no pause: Anna takes both parts back to back.
    expect(startLabels(await freeTimes(day, anyOperator(salon.ciglia, pulizia)))).toContain('10:00');
    const { rows } = await db().query(`select 1 from app.reservations where client_id = $1`, [
      salon.member.client_id,
    ]);
    expect(rows).toHaveLength(0);
  });

  it('offers the visit when a second operator can take the first part, and confirm gives the parts apart', async () => {
    const day = addDays(today, 4);
    const parts = anyOperator(trucco, salon.ciglia);
    expect(startLabels(await freeTimes(day, parts))).toContain('10:00');
    const visit = expectOk<Answer>(await booking(day, '10:00', parts)).id!;
    const [first] = await visitRows(visit);
    expectOk(await salon.owner.client.rpc('confirm_reservation', { reservation_id: first!.id }));
    expect((await visitRows(visit)).map(({ operator_id, status }) => ({ operator_id, status }))).toEqual([
      { operator_id: salon.bea, status: 'confermata' },
      { operator_id: salon.anna, status: 'confermata' },
    ]);
  });

  it('gives the parts apart when the salon books the visit on the phone too', async () => {
    const booked = await salon.owner.client.rpc('book_for_client', {
      client_id: salon.member.client_id,
      parts: anyOperator(trucco, salon.ciglia),
      date: addDays(today, 13),
      time: '10:00',
    });
    const visit = expectOk<Answer>(booked).id!;
    expect((await visitRows(visit)).map(({ operator_id, status }) => ({ operator_id, status }))).toEqual([
      { operator_id: salon.bea, status: 'confermata' },
      { operator_id: salon.anna, status: 'confermata' },
    ]);
  });

  it('refuses the salon’s choice of the one operator the next part needs, naming the part', async () => {
    const day = addDays(today, 5);
    const visit = expectOk<Answer>(await booking(day, '10:00', anyOperator(trucco, salon.ciglia))).id!;
    const [first] = await visitRows(visit);
    const confirm = await salon.owner.client.rpc('confirm_reservation', {
      reservation_id: first!.id,
      operator_id: salon.anna,
    });
    expect(confirm.error?.message).toMatch(/^Ciglia: /);
    expect((await visitRows(visit)).map((row) => row.status)).toEqual(['in attesa', 'in attesa']);
  });

  it('answers 60 identical asks alike and books the visit once', async () => {
    const day = addDays(today, 6);
    const parts = anyOperator(trucco, salon.ciglia);
    const answers = await Promise.all(Array.from({ length: 60 }, () => freeTimes(day, parts)));
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    const booked = await Promise.all(Array.from({ length: 60 }, () => booking(day, '15:00', parts)));
    expect(new Set(booked.map((one) => expectOk<Answer>(one).id)).size).toBe(1);
    const refused = await Promise.all(
      Array.from({ length: 60 }, () => booking(day, '11:00', anyOperator(pulizia, salon.ciglia))),
    );
    expect(new Set(refused.map((one) => one.error?.message))).toEqual(
      new Set([
        "Ciglia: Orario non disponibile: l'operatore è impegnato con un altro trattamento della visita",
      ]),
    );
  });

  // A customer of her own for each case, so that no case meets another's open requests.
  const newCustomer = async (name: string) =>
    (await joinAsClient(server, salon.merchant.slug, { name })).persona;
  const bookAs = async (customer: Persona, date: string, time: string, parts: unknown) =>
    expectOk<Answer>(
      await customer.client.rpc('book_visit', { merchant_slug: salon.merchant.slug, parts, date, time }),
    ).id!;
  const operatorsAndStatus = async (visitId: string) =>
    (await visitRows(visitId)).map(({ operator_id, status }) => ({ operator_id, status }));
  const beaBusy = (day: string, time: string) =>
    insertReservation(server, salon, {
      startsAt: romeInstant(day, time),
      minutes: 60,
      status: 'confermata',
      operatorId: salon.bea,
    });
  const movesAtOnce = async (enabled: boolean) =>
    expectOk(await salon.owner.client.rpc('set_moves_confirmed_at_once', { enabled }));
  const move = (customer: Persona, reservationId: string, date: string, time: string) =>
    customer.client.rpc('move_reservation', { reservation_id: reservationId, date, time });

  describe('on the salon’s change accepted', () => {
    const changedVisit = async (customer: Persona, day: string) => {
      const visit = await bookAs(customer, day, '10:00', anyOperator(trucco, salon.ciglia));
      const [first] = await visitRows(visit);
      expectOk(
        await salon.owner.client.rpc('modify_reservation', {
          reservation_id: first!.id,
          date: day,
          time: '14:00',
          note: 'Più tardi',
        }),
      );
      return visit;
    };
    const accept = (customer: Persona, reservationId: string) =>
      customer.client.rpc('accept_reservation_change', { reservation_id: reservationId });

    it('gives the first part the second operator and the next part the one it needs, once for two taps', async () => {
      const customer = await newCustomer('Giulia Verdi');
      const visit = await changedVisit(customer, addDays(today, 8));
      const [first, second] = await visitRows(visit);
      expect((await accept(salon.client, first!.id)).error).not.toBeNull();
      const answers = await Promise.all([accept(customer, first!.id), accept(customer, second!.id)]);
      expect(answers.filter((answer) => answer.error === null)).toHaveLength(1);
      expect(await operatorsAndStatus(visit)).toEqual([
        { operator_id: salon.bea, status: 'confermata' },
        { operator_id: salon.anna, status: 'confermata' },
      ]);
    });

    it('refuses, naming the part, when only the operator the next part needs is free, and confirms nothing', async () => {
      const customer = await newCustomer('Lucia Neri');
      const day = addDays(today, 9);
      const visit = await changedVisit(customer, day);
      await beaBusy(day, '14:00');
      const [first] = await visitRows(visit);
      expectRefused(
        await accept(customer, first!.id),
        'Ciglia: Orario non disponibile: nessun operatore che esegue il trattamento è libero in questa fascia',
      );
      expect(await operatorsAndStatus(visit)).toEqual([
        { operator_id: null, status: 'modificata' },
        { operator_id: null, status: 'modificata' },
      ]);
    });
  });

  describe('on the customer’s move', () => {
    it('gives the parts apart when the salon confirms the move at once', async () => {
      const customer = await newCustomer('Marta Rosi');
      const day = addDays(today, 10);
      const visit = await bookAs(customer, day, '10:00', anyOperator(trucco, salon.ciglia));
      const [, second] = await visitRows(visit);
      await movesAtOnce(true);
      try {
        const moved = expectOk<Answer>(await move(customer, second!.id, day, '14:00'));
        expect(moved.message).toBe('Appuntamento spostato');
        expect(await operatorsAndStatus(moved.id!)).toEqual([
          { operator_id: salon.bea, status: 'confermata' },
          { operator_id: salon.anna, status: 'confermata' },
        ]);
        expect((await visitRows(visit)).map((row) => row.status)).toEqual(['spostata', 'spostata']);
      } finally {
        await movesAtOnce(false);
      }
    });

    it('gives the parts apart when the salon confirms the move later', async () => {
      const customer = await newCustomer('Sara Gialli');
      const day = addDays(today, 11);
      const visit = await bookAs(customer, day, '10:00', anyOperator(trucco, salon.ciglia));
      const [first] = await visitRows(visit);
      const moved = expectOk<Answer>(await move(customer, first!.id, day, '14:00'));
      expect(moved.message).toBe('Richiesta di spostamento inviata');
      const [movedFirst] = await visitRows(moved.id!);
      expectOk(await salon.owner.client.rpc('confirm_reservation', { reservation_id: movedFirst!.id }));
      expect(await operatorsAndStatus(moved.id!)).toEqual([
        { operator_id: salon.bea, status: 'confermata' },
        { operator_id: salon.anna, status: 'confermata' },
      ]);
    });

    it('refuses, naming the part, when only the operator the next part needs is free, and saves nothing', async () => {
      const customer = await newCustomer('Elena Blu');
      const day = addDays(today, 12);
      const visit = await bookAs(customer, day, '10:00', anyOperator(trucco, salon.ciglia));
      const [first] = await visitRows(visit);
      await beaBusy(day, '14:00');
      await movesAtOnce(true);
      try {
        expectRefused(
          await move(customer, first!.id, day, '14:00'),
          "Ciglia: Orario non disponibile: l'operatore è impegnato con un altro trattamento della visita",
        );
      } finally {
        await movesAtOnce(false);
      }
      const { rows } = await db().query(
        `select 1 from app.reservations m join app.reservations r on r.id = m.moves_reservation_id
          where r.visit_id = $1`,
        [visit],
      );
      expect(rows).toEqual([]);
      expect((await visitRows(visit)).map((row) => row.status)).toEqual(['in attesa', 'in attesa']);
    });
  });

  it('refuses another salon’s treatments', async () => {
    const day = addDays(today, 7);
    for (const parts of [anyOperator(trucco, other.ciglia), anyOperator(other.piega, other.ciglia)]) {
      expectRefused(
        await salon.client.client.rpc('visit_free_times', {
          merchant_slug: salon.merchant.slug,
          parts,
          date: day,
        }),
        'Trattamento non trovato',
      );
      expectRefused(await booking(day, '10:00', parts), 'Trattamento non trovato');
    }
  });
});
