import { beforeAll, describe, expect, it } from 'vitest';
import { joinAsClient } from '../../support/personas.ts';
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

describe('booking: the customer moves her appointment, the salon confirms or refuses the move', () => {
  const server = useTestServer();
  let salon: Salon;
  let day: (offset: number) => string;

  beforeAll(async () => {
    salon = await openSalon(server, await createAdmin(server), 'Salone Spostamenti');
    const today = await romeToday(server);
    day = (offset) => addDays(today, offset);
  });

  const client = (fn: string, args: Record<string, unknown>) => salon.client.client.rpc(fn, args);
  const merchant = (fn: string, args: Record<string, unknown>) => salon.owner.client.rpc(fn, args);
  const move = (id: string, date: string, time: string) =>
    client('move_reservation', { reservation_id: id, date, time });
  const confirmedAt = (date: string, time: string, operatorId = salon.anna) =>
    insertReservation(server, salon, { startsAt: romeInstant(date, time), status: 'confermata', operatorId });
  const statusOf = async (id: string) =>
    (
      await server.server.context.db.query<{ status: string }>(
        'select status from app.reservations where id = $1',
        [id],
      )
    ).rows[0]?.status;
  const clientRow = async (id: string) =>
    expectOk<ReservationRow[]>(
      await client('client_reservations', { merchant_slug: salon.merchant.slug }),
    ).find((row) => row.id === id)!;
  const outbox = async (id: string) =>
    (
      await server.server.context.db.query<{ kind: string }>(
        'select kind from app.notification_outbox where reservation_id = $1 order by kind',
        [id],
      )
    ).rows.map((row) => row.kind);

  it('asks for the new time while the appointment keeps its slot; confirmed, the request replaces it', async () => {
    const original = await confirmedAt(day(3), '10:00');
    expect((await clientRow(original)).actions).toEqual(['cancel', 'move']);
    const asked = expectOk<Answer>(await move(original, day(4), '11:00'));
    expect(asked.message).toBe('Richiesta di spostamento inviata');
    const request = await clientRow(asked.id!);
    // While the salon has not answered, neither the request nor the appointment offers 'move'.
    expect(request.actions).toEqual(['cancel']);
    expect((await clientRow(original)).actions).toEqual(['cancel']);
    expect(request).toMatchObject({
      status: 'in attesa',
      date: day(4),
      time: '11:00',
      operator_name: 'Anna',
    });
    expect(await statusOf(original)).toBe('confermata');

    // Until then her slot stays hers: another customer cannot take Anna at 10:00.
    const { persona: other } = await joinAsClient(server, salon.merchant.slug, { name: 'Altra Cliente' });
    expectRefused(
      await other.client.rpc('book_reservation', {
        merchant_slug: salon.merchant.slug,
        treatment_id: salon.piega,
        operator_id: salon.anna,
        date: day(3),
        time: '10:00',
      }),
      'Orario non disponibile: l’operatore ha già un appuntamento confermato in questa fascia'.replace(
        '’',
        "'",
      ),
    );

    const inbox = expectOk<ReservationRow[]>(await merchant('merchant_reservations', {}));
    expect(inbox.find((row) => row.id === asked.id)!.actions).toEqual(['confirm', 'modify', 'reject']);
    expectOk(await merchant('confirm_reservation', { reservation_id: asked.id }));
    expect(await statusOf(original)).toBe('spostata');
    expect(await statusOf(asked.id!)).toBe('confermata');
    expect((await clientRow(original)).actions).toEqual([]);
    expect((await clientRow(asked.id!)).notes).toBe('');
    const sections = expectOk<{ upcoming: ReservationRow[]; past: ReservationRow[] }>(
      await client('client_reservation_sections', { merchant_slug: salon.merchant.slug }),
    );
    expect(sections.upcoming.map((row) => row.id)).toContain(asked.id);
    expect(sections.past.find((row) => row.id === original)).toMatchObject({ status: 'spostata' });
    // The new appointment is hers like any other: she may move it again.
    expectOk(await move(asked.id!, day(4), '16:00'));
    // She is told of the new appointment as of any confirmation, and of no cancellation.
    expect(await outbox(asked.id!)).toContain('confirmation');
    expect(await outbox(original)).not.toContain('cancellation');
  });

  it('moves within the same operator’s own slot (an overlapping time) once confirmed', async () => {
    const original = await confirmedAt(day(5), '10:00');
    const asked = expectOk<Answer>(await move(original, day(5), '10:30'));
    expectOk(await merchant('confirm_reservation', { reservation_id: asked.id }));
    expect([await statusOf(original), await statusOf(asked.id!)]).toEqual(['spostata', 'confermata']);
  });

  it('replaces the appointment when she accepts the other time the salon proposed for her move', async () => {
    const original = await confirmedAt(day(19), '10:00');
    const asked = expectOk<Answer>(await move(original, day(19), '15:00'));
    expectOk(
      await merchant('modify_reservation', {
        reservation_id: asked.id,
        date: day(19),
        time: '16:00',
        note: 'Alle 15 siamo occupate',
      }),
    );
    expect(await statusOf(original)).toBe('confermata');
    expectOk(await client('accept_reservation_change', { reservation_id: asked.id }));
    expect([await statusOf(original), await statusOf(asked.id!)]).toEqual(['spostata', 'confermata']);
  });

  it('keeps the appointment when the salon refuses the move, and lets her ask again', async () => {
    const original = await confirmedAt(day(6), '10:00');
    const asked = expectOk<Answer>(await move(original, day(6), '15:00'));
    expectOk(await merchant('reject_reservation', { reservation_id: asked.id, reason: 'Siamo al completo' }));
    expect([await statusOf(original), await statusOf(asked.id!)]).toEqual(['confermata', 'rifiutata']);
    expect(await outbox(asked.id!)).toContain('rejection');
    expectOk(await move(original, day(6), '16:00'));
  });

  it('withdraws the open move when she cancels the appointment', async () => {
    const original = await confirmedAt(day(7), '10:00');
    const asked = expectOk<Answer>(await move(original, day(8), '10:00'));
    expectOk(await client('cancel_reservation', { reservation_id: original }));
    expect(await statusOf(asked.id!)).toBe('annullata');
  });

  it('refuses another customer’s appointment, a late one with the salon’s phone, a taken time, a past or finished one', async () => {
    const original = await confirmedAt(day(9), '10:00');
    const { persona: stranger } = await joinAsClient(server, salon.merchant.slug, { name: 'Estranea' });
    expectRefused(
      await stranger.client.rpc('move_reservation', {
        reservation_id: original,
        date: day(9),
        time: '12:00',
      }),
      'Prenotazione non trovata',
    );
    const otherSalon = await openSalon(server, await createAdmin(server), 'Altro Salone');
    expectRefused(
      await otherSalon.client.client.rpc('move_reservation', {
        reservation_id: original,
        date: day(9),
        time: '12:00',
      }),
      'Prenotazione non trovata',
    );
    const salonTries = await otherSalon.owner.client.rpc('move_reservation', {
      reservation_id: original,
      date: day(9),
      time: '12:00',
    });
    expect(salonTries.status).toBe(403);

    const near = await insertReservation(server, salon, {
      startsAt: `now() + interval '10 hours'`,
      status: 'confermata',
    });
    expect((await clientRow(near)).actions).toEqual([]);
    expectRefused(
      await move(near, day(9), '12:00'),
      "Non è più possibile spostare online: mancano meno di 24 ore all'appuntamento. Chiama il salone al 0612345678",
    );

    await confirmedAt(day(9), '15:00', salon.anna);
    expectRefused(
      await move(original, day(9), '15:00'),
      "Orario non disponibile: l'operatore ha già un appuntamento confermato in questa fascia",
    );
    expectRefused(await move(original, '2020-01-01', '10:00'), (await bookingWindowRefusal())!);

    for (const finished of [
      await insertReservation(server, salon, { startsAt: `now() - interval '2 days'`, status: 'confermata' }),
      await insertReservation(server, salon, { startsAt: `now() - interval '3 days'`, status: 'completata' }),
      await insertReservation(server, salon, { startsAt: `now() + interval '3 days'`, status: 'annullata' }),
    ])
      expectRefused(await move(finished, day(9), '12:00'), 'Questa prenotazione non può essere spostata');

    // A move request itself is not moved again: she waits for the salon's answer.
    const asked = expectOk<Answer>(await move(original, day(10), '10:00'));
    expectRefused(await move(asked.id!, day(10), '12:00'), 'Questa prenotazione non può essere spostata');
  });

  /** What booking says of a day outside the 30-day window, the same for a move. */
  const bookingWindowRefusal = async () =>
    (
      await client('book_reservation', {
        merchant_slug: salon.merchant.slug,
        treatment_id: salon.piega,
        operator_id: salon.anna,
        date: '2020-01-01',
        time: '10:00',
      })
    ).error?.message;

  it('keeps one open move per appointment when she taps twice at once, or 60 times', async () => {
    const original = await confirmedAt(day(11), '10:00');
    const same = await Promise.all([move(original, day(12), '10:00'), move(original, day(12), '10:00')]);
    const ids = same.map((result) => expectOk<Answer>(result).id);
    expect(ids[0]).toBe(ids[1]);

    const another = await confirmedAt(day(13), '10:00');
    const taps = await Promise.all(
      Array.from({ length: 60 }, (_, index) => move(another, day(14), index % 2 ? '11:00' : '12:00')),
    );
    const accepted = taps
      .filter((result) => result.error === null)
      .map((result) => (result.data as Answer).id);
    expect(new Set(accepted).size).toBe(1);
    for (const refused of taps.filter((result) => result.error !== null))
      expect(refused.error?.message).toBe(
        'Hai già chiesto di spostare questo appuntamento: attendi la risposta del salone',
      );
    const open = await server.server.context.db.query<{ n: string }>(
      `select count(*) as n from app.reservations where moves_reservation_id = $1 and status = 'in attesa'`,
      [another],
    );
    expect(Number(open.rows[0]!.n)).toBe(1);
  });

  it('answers nothing to her after her erasure', async () => {
    const { persona: leaving, joined } = await joinAsClient(server, salon.merchant.slug, {
      name: 'Carla Blu',
    });
    const hers = await insertReservation(server, salon, {
      startsAt: romeInstant(day(15), '10:00'),
      status: 'confermata',
      clientId: joined.client_id,
    });
    const other = await insertReservation(server, salon, {
      startsAt: romeInstant(day(15), '12:00'),
      status: 'confermata',
      operatorId: salon.bea,
      clientId: joined.client_id,
    });
    const asked = expectOk<Answer>(
      await leaving.client.rpc('move_reservation', { reservation_id: other, date: day(16), time: '12:00' }),
    );
    expectOk(
      await leaving.client.rpc('erase_my_account', {
        merchant_slug: salon.merchant.slug,
        confirmation: 'ELIMINA',
      }),
    );
    const after = await leaving.client.rpc('move_reservation', {
      reservation_id: hers,
      date: day(16),
      time: '10:00',
    });
    expect(after.error).not.toBeNull();
    const moves = await server.server.context.db.query(
      'select 1 from app.reservations where moves_reservation_id = $1',
      [hers],
    );
    expect(moves.rows).toEqual([]);
    // Her open move went with her appointments: nothing of hers waits in the salon's inbox.
    expect(await statusOf(asked.id!)).not.toBe('in attesa');
    const inbox = expectOk<ReservationRow[]>(
      await merchant('merchant_reservations', { status: 'in attesa' }),
    );
    expect(inbox.map((row) => row.id)).not.toContain(asked.id);
  });

  it('confirms a move at once when the salon allows it in its settings, off by default', async () => {
    const settings = async () =>
      expectOk<{ moves_confirmed_at_once: boolean }>(await merchant('booking_settings', {}));
    expect((await settings()).moves_confirmed_at_once).toBe(false);
    expectRefused(
      await merchant('set_moves_confirmed_at_once', { enabled: null }),
      'Indica se confermare subito gli spostamenti',
    );
    expect((await client('set_moves_confirmed_at_once', { enabled: true })).status).toBe(403);
    expect(expectOk<Answer>(await merchant('set_moves_confirmed_at_once', { enabled: true })).message).toBe(
      'Gli spostamenti dei clienti saranno confermati subito',
    );
    expect((await settings()).moves_confirmed_at_once).toBe(true);

    const original = await confirmedAt(day(17), '10:00');
    const moved = expectOk<Answer>(await move(original, day(17), '10:30'));
    expect(moved.message).toBe('Appuntamento spostato');
    expect([await statusOf(original), await statusOf(moved.id!)]).toEqual(['spostata', 'confermata']);
    expect(await outbox(moved.id!)).toContain('confirmation');

    // Without preference, a pending request moved at once gets the least busy free operator.
    const pending = await insertReservation(server, salon, {
      startsAt: romeInstant(day(18), '10:00'),
      operatorId: null,
    });
    const assigned = expectOk<Answer>(await move(pending, day(18), '12:00'));
    expect(await clientRow(assigned.id!)).toMatchObject({ status: 'confermata' });
    expect(await statusOf(pending)).toBe('spostata');
    expectOk(await merchant('set_moves_confirmed_at_once', { enabled: false }));
  });
});
