import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Inbox, subscribed } from '../../support/realtime.ts';
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

type Part = { treatment_id: string; operator_id: string | null };
const slotTaken = "Orario non disponibile: l'operatore ha già un appuntamento confermato in questa fascia";

describe('booking: the salon books an appointment or a visit for its client on the phone', () => {
  const server = useTestServer();
  let salon: Salon;
  let other: Salon;
  let day: string;

  beforeAll(async () => {
    const admin = await createAdmin(server);
    salon = await openSalon(server, admin, 'Salone Telefono');
    other = await openSalon(server, admin, 'Salone Accanto');
    day = addDays(await romeToday(server), 2);
  });
  beforeEach(async () => {
    await sql(`delete from app.notification_outbox where merchant_id = $1`, [salon.merchant.id]);
    await sql(`delete from app.reservations where merchant_id = $1`, [salon.merchant.id]);
  });

  const sql = async <T>(text: string, params: unknown[] = []) =>
    (await server.server.context.db.query<T>(text, params)).rows;
  const piega = (operator: string | null = null): Part => ({
    treatment_id: salon.piega,
    operator_id: operator,
  });
  const ciglia = (operator: string | null = null): Part => ({
    treatment_id: salon.ciglia,
    operator_id: operator,
  });
  const book = (args: { parts?: unknown; time?: string; client_id?: string; date?: string }, who = salon) =>
    who.owner.client.rpc('book_for_client', {
      client_id: salon.member.client_id,
      parts: [piega(salon.anna)],
      date: day,
      time: '10:00',
      ...args,
    });
  const rows = () =>
    sql<{
      status: string;
      treatment_name: string;
      operator_id: string;
      rome: string;
      visit_part: number | null;
    }>(
      `select status, treatment_name, operator_id, visit_part,
              to_char(starts_at at time zone 'Europe/Rome', 'HH24:MI') as rome
         from app.reservations where merchant_id = $1 order by starts_at`,
      [salon.merchant.id],
    );
  const told = () =>
    sql<{ kind: string; channel: string; treatment: string }>(
      `select n.kind, n.channel, n.payload ->> 'treatment' as treatment from app.notification_outbox n
        where n.merchant_id = $1 and n.kind in ('confirmation', 'new_request') and n.channel = 'email'
        order by n.payload ->> 'time'`,
      [salon.merchant.id],
    );

  it('books one treatment confirmed at once, tells the customer and queues her reminder', async () => {
    const booked = expectOk<Answer>(await book({}));
    expect(booked.message).toBe('Appuntamento confermato');
    expect(await rows()).toEqual([
      {
        status: 'confermata',
        treatment_name: 'Piega',
        operator_id: salon.anna,
        visit_part: null,
        rome: '10:00',
      },
    ]);
    expect(await told()).toEqual([{ kind: 'confirmation', channel: 'email', treatment: 'Piega' }]);
    const reminders = await sql<{ n: number }>(
      `select count(*)::int as n from app.notification_outbox n
        where n.reservation_id = $1 and n.kind = 'reminder' and n.channel = 'email'`,
      [booked.id],
    );
    expect(reminders).toEqual([{ n: 1 }]);

    const hers = expectOk<{ id: string; status: string }[]>(
      await salon.client.client.rpc('client_reservations', { merchant_slug: salon.merchant.slug }),
    );
    expect(hers).toEqual([expect.objectContaining({ id: booked.id, status: 'confermata' })]);
  });

  it('books a visit of two treatments in sequence, giving the part with no preference a free operator', async () => {
    const booked = expectOk<Answer>(await book({ parts: [piega(), ciglia(salon.anna)] }));
    const parts = await rows();
    expect(parts.map((p) => [p.treatment_name, p.visit_part, p.rome, p.status])).toEqual([
      ['Piega', 1, '10:00', 'confermata'],
      ['Ciglia', 2, '11:00', 'confermata'],
    ]);
    // Anna takes Ciglia at 11:00; Piega goes to the least busy free operator.
    expect(parts[0]!.operator_id).toBeTruthy();
    const visit = await sql<{ visit_id: string }>(
      `select distinct visit_id from app.reservations where merchant_id = $1`,
      [salon.merchant.id],
    );
    expect(visit).toEqual([{ visit_id: booked.id }]);
    expect((await told()).map((n) => n.treatment)).toEqual(['Piega', 'Ciglia']);
  });

  it('answers the same booking asked twice at once with one booking', async () => {
    const [first, second] = await Promise.all([book({}), book({})]);
    expect(expectOk<Answer>(first).id).toBe(expectOk<Answer>(second).id);
    expect(await rows()).toHaveLength(1);
  });

  it('answers the same booking asked 60 times at once with one booking and one notice', async () => {
    const answers = await Promise.all(Array.from({ length: 60 }, () => book({})));
    const ids = new Set(answers.map((answer) => expectOk<Answer>(answer).id));
    expect(ids.size).toBe(1);
    expect(await rows()).toHaveLength(1);
    expect(await told()).toHaveLength(1);
  });

  it('refuses to book again for a client erased after her phone booking, whose booking is gone', async () => {
    const leaving = await joinAsClient(server, salon.merchant.slug, { name: 'Dora Neri' });
    expectOk(await book({ client_id: leaving.joined.client_id }));
    expect(await rows()).toHaveLength(1);
    expectOk(
      await leaving.persona.client.rpc('erase_my_account', {
        merchant_slug: salon.merchant.slug,
        confirmation: 'ELIMINA',
      }),
    );
    expectRefused(await book({ client_id: leaving.joined.client_id, time: '11:00' }), 'Cliente non trovato');
    expect((await rows()).filter((r) => r.status === 'confermata')).toEqual([]);
  });

  it('refuses a taken slot, a closed or past time, and a visit whose part does not fit, naming the part', async () => {
    await insertReservation(server, salon, { startsAt: romeInstant(day, '10:30'), status: 'confermata' });
    expectRefused(await book({}), slotTaken);
    expectRefused(
      await book({ parts: [piega(salon.bea), ciglia(salon.anna)], time: '09:30' }),
      `Ciglia: ${slotTaken}`,
    );
    expectRefused(await book({ time: '21:00' }), 'Scegli un orario tra le 09:00 e le 19:00, ogni 15 minuti');
    expectRefused(await book({ date: addDays(day, 60) }), 'Scegli una data entro i prossimi 30 giorni');
    expectRefused(await book({ parts: [] }), 'Seleziona un trattamento');
    expectRefused(await book({ parts: [piega(), piega()] }), 'Piega è già nella visita');
    expectRefused(
      await book({ parts: [ciglia(salon.bea)] }),
      "L'operatore scelto non esegue questo trattamento",
    );
    expect((await rows()).filter((r) => r.status === 'confermata')).toHaveLength(1);
  });

  it("refuses another salon's client, treatment and operator, a customer, and an erased client", async () => {
    expectRefused(await book({ client_id: other.member.client_id }), 'Cliente non trovato');
    expectRefused(
      await book({ parts: [{ treatment_id: other.piega, operator_id: null }] }),
      'Trattamento non trovato',
    );
    expectRefused(
      await book({ parts: [piega(other.anna)] }),
      "L'operatore scelto non esegue questo trattamento",
    );
    const asCustomer = await salon.client.client.rpc('book_for_client', {
      client_id: salon.member.client_id,
      parts: [piega()],
      date: day,
      time: '10:00',
    });
    expect(asCustomer.error?.message).toBe('Accesso negato: questo account non è un commerciante');

    const leaving = await joinAsClient(server, salon.merchant.slug, { name: 'Carla Blu' });
    expectOk(
      await leaving.persona.client.rpc('erase_my_account', {
        merchant_slug: salon.merchant.slug,
        confirmation: 'ELIMINA',
      }),
    );
    expectRefused(await book({ client_id: leaving.joined.client_id }), 'Cliente non trovato');
    const read = (clientId: string) => salon.owner.client.rpc('bookable_client', { client_id: clientId });
    expect(expectOk(await read(salon.member.client_id))).toMatchObject({ name: 'Giulia Verdi' });
    expectRefused(await read(leaving.joined.client_id), 'Cliente non trovato');
    expectRefused(await read(other.member.client_id), 'Cliente non trovato');
    expect(await rows()).toEqual([]);
  });

  it('books beyond the open-request limit: the salon decides', async () => {
    expectOk(await salon.owner.client.rpc('set_max_open_requests', { requests: 1 }));
    try {
      expectOk(
        await salon.client.client.rpc('book_reservation', {
          merchant_slug: salon.merchant.slug,
          treatment_id: salon.piega,
          operator_id: salon.bea,
          date: addDays(day, 1),
          time: '12:00',
        }),
      );
      expectOk(await book({}));
      expect((await rows()).map((r) => r.status)).toEqual(['confermata', 'in attesa']);
    } finally {
      expectOk(await salon.owner.client.rpc('set_max_open_requests', { requests: 100 }));
    }
  });

  it("races a customer's request being confirmed against a phone booking of the same slot: one wins", async () => {
    const rival = await joinAsClient(server, salon.merchant.slug, { name: 'Sara Neri' });
    const pending = await insertReservation(server, salon, {
      startsAt: romeInstant(day, '10:00'),
      clientId: rival.joined.client_id,
    });
    const [confirmed, phoned] = await Promise.all([
      salon.owner.client.rpc('confirm_reservation', { reservation_id: pending }),
      book({}),
    ]);
    expect([confirmed.error, phoned.error].filter((e) => e === null)).toHaveLength(1);
    expect((await rows()).filter((r) => r.status === 'confermata')).toHaveLength(1);
  });

  it('shows the booking live in her list', async () => {
    const inbox = new Inbox<RealtimePostgresChangesPayload<{ id: string; status: string }>>();
    const client = server.client();
    await client.realtime.setAuth(salon.client.token);
    await subscribed(
      client
        .channel('phone-booking')
        .on<{ id: string; status: string }>(
          'postgres_changes',
          { event: '*', schema: 'app', table: 'reservations' },
          inbox.push,
        ),
    );
    const booked = expectOk<Answer>(await book({}));
    const inserted = await inbox.next('the phone booking at the client');
    expect(inserted.new).toMatchObject({ id: booked.id, status: 'confermata' });
  });
});
