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

describe('booking: customers cancel, the salon cancels, requests expire', () => {
  const server = useTestServer();
  let salon: Salon;
  let today: string;

  beforeAll(async () => {
    salon = await openSalon(server, await createAdmin(server), 'Salone Disdette');
    today = await romeToday(server);
  });

  const merchant = (fn: string, args: Record<string, unknown>) => salon.owner.client.rpc(fn, args);
  const client = (fn: string, args: Record<string, unknown>) => salon.client.client.rpc(fn, args);
  const clientRow = async (id: string) =>
    expectOk<ReservationRow[]>(
      await client('client_reservations', { merchant_slug: salon.merchant.slug }),
    ).find((row) => row.id === id)!;
  const merchantRow = async (id: string) =>
    expectOk<ReservationRow[]>(await merchant('merchant_reservations', {})).find((row) => row.id === id)!;
  const cancel = (id: string) => client('cancel_reservation', { reservation_id: id });

  it('lets the customer cancel a request at any time before it starts', async () => {
    const pending = await insertReservation(server, salon, { startsAt: `now() + interval '2 hours'` });
    const modified = await insertReservation(server, salon, {
      startsAt: `now() + interval '3 hours'`,
      status: 'modificata',
      operatorId: salon.bea,
    });
    expect((await clientRow(pending)).actions).toEqual(['cancel', 'move']);
    expect(expectOk<Answer>(await cancel(pending)).message).toBe('Prenotazione annullata');
    expectOk(await cancel(modified));
    expect(await clientRow(pending)).toMatchObject({ status: 'annullata', actions: ['delete'] });
    expectRefused(await cancel(pending), 'Questa prenotazione non può essere annullata');
    expect(expectOk<Answer>(await client('delete_reservation', { reservation_id: pending })).message).toBe(
      'Prenotazione eliminata',
    );
    // Someone else's reservation does not exist for this customer.
    const { persona: stranger } = await joinAsClient(server, salon.merchant.slug, { name: 'Altra Cliente' });
    expectRefused(
      await stranger.client.rpc('cancel_reservation', { reservation_id: modified }),
      'Prenotazione non trovata',
    );
  });

  it('lets the customer cancel a confirmed appointment only up to the salon’s notice, then says whom to call', async () => {
    const far = await insertReservation(server, salon, {
      startsAt: `now() + interval '48 hours'`,
      status: 'confermata',
    });
    const near = await insertReservation(server, salon, {
      startsAt: `now() + interval '10 hours'`,
      status: 'confermata',
      operatorId: salon.bea,
    });
    expect((await clientRow(far)).actions).toEqual(['cancel', 'move']);
    expect((await clientRow(near)).actions).toEqual([]);
    expectRefused(
      await cancel(near),
      "Non è più possibile annullare online: mancano meno di 24 ore all'appuntamento. Chiama il salone al 0612345678",
    );
    expectOk(await cancel(far));
    expect(await merchantRow(far)).toMatchObject({ status: 'annullata', actions: [] });

    expect(
      expectOk<{ cancellation_notice_hours: number }>(await merchant('booking_settings', {})),
    ).toMatchObject({
      cancellation_notice_hours: 24,
    });
    for (const hours of [-1, 169, null]) {
      expectRefused(
        await merchant('set_cancellation_notice', { hours }),
        'Il preavviso di annullamento deve essere tra 0 e 168 ore',
      );
    }
    const notMerchant = await client('set_cancellation_notice', { hours: 1 });
    expect(notMerchant.error?.message).toBe('Accesso negato: questo account non è un commerciante');
    expect(notMerchant.status).toBe(403);
    expectOk(await merchant('set_cancellation_notice', { hours: 6 }));
    expect((await clientRow(near)).actions).toEqual(['cancel', 'move']);
    expectOk(await cancel(near));
  });

  it('lets the salon cancel a confirmed appointment with a reason, freeing the slot', async () => {
    const day = addDays(today, 6);
    const confirmed = await insertReservation(server, salon, {
      startsAt: romeInstant(day, '10:00'),
      status: 'confermata',
    });
    const waiting = await insertReservation(server, salon, { startsAt: romeInstant(day, '10:30') });
    expect((await merchantRow(confirmed)).actions).toEqual(['cancel']);
    const cancelAt = (id: string, reason: unknown) =>
      merchant('merchant_cancel_reservation', { reservation_id: id, reason });
    expectRefused(await cancelAt(confirmed, '  '), "Inserisci la motivazione dell'annullamento");
    expectRefused(
      await cancelAt(confirmed, 'x'.repeat(501)),
      'La motivazione può contenere al massimo 500 caratteri',
    );
    expectRefused(
      await cancelAt(waiting, 'Chiuso'),
      'Solo un appuntamento confermato non ancora iniziato può essere annullato',
    );
    const started = await insertReservation(server, salon, {
      startsAt: `now() - interval '10 minutes'`,
      status: 'confermata',
      operatorId: salon.bea,
    });
    expectRefused(
      await cancelAt(started, 'Chiuso'),
      'Solo un appuntamento confermato non ancora iniziato può essere annullato',
    );
    expect(expectOk<Answer>(await cancelAt(confirmed, 'Operatrice malata')).message).toBe(
      'Appuntamento annullato',
    );
    expect(await clientRow(confirmed)).toMatchObject({
      status: 'annullata',
      notes: 'Operatrice malata',
      actions: ['delete'],
    });
    // Anna is free again at 10:30.
    expectOk(await merchant('confirm_reservation', { reservation_id: waiting }));
  });

  it('shows a request whose start has passed as scaduta and lets nobody answer it', async () => {
    const pending = await insertReservation(server, salon, { startsAt: `now() - interval '5 minutes'` });
    const modified = await insertReservation(server, salon, {
      startsAt: `now() - interval '5 minutes'`,
      status: 'modificata',
      operatorId: salon.bea,
    });
    expect(await merchantRow(pending)).toMatchObject({ status: 'scaduta', actions: [] });
    expect(await clientRow(modified)).toMatchObject({ status: 'scaduta', actions: [] });
    const expired = 'La richiesta è scaduta: l’orario richiesto è già passato'.replace('’', "'");
    expectRefused(await merchant('confirm_reservation', { reservation_id: pending }), expired);
    expectRefused(
      await merchant('reject_reservation', { reservation_id: pending, reason: 'Tardi' }),
      expired,
    );
    expectRefused(await client('accept_reservation_change', { reservation_id: modified }), expired);
    expectRefused(await cancel(pending), 'Questa prenotazione non può essere annullata');
    const scadute = expectOk<ReservationRow[]>(
      await merchant('merchant_reservations', { status: 'scaduta' }),
    );
    expect(scadute.map((row) => row.id)).toEqual(expect.arrayContaining([pending, modified]));
  });

  it('keeps reasons and notes to 500 characters', async () => {
    const pending = await insertReservation(server, salon, {
      startsAt: romeInstant(addDays(today, 7), '12:00'),
    });
    expectRefused(
      await merchant('reject_reservation', { reservation_id: pending, reason: 'x'.repeat(501) }),
      'La motivazione può contenere al massimo 500 caratteri',
    );
    expectRefused(
      await merchant('modify_reservation', {
        reservation_id: pending,
        date: addDays(today, 7),
        time: '13:00',
        note: 'x'.repeat(501),
      }),
      'La nota può contenere al massimo 500 caratteri',
    );
    expectOk(await merchant('reject_reservation', { reservation_id: pending, reason: 'x'.repeat(500) }));
  });
});
