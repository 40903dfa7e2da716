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
  type Salon,
} from '../../support/fixtures.ts';

interface OutboxRow {
  kind: string;
  recipient: string;
  payload: Record<string, unknown>;
  send_after: string;
}

/** What each reservation change writes into app.notification_outbox, in the same transaction. */
describe('notifications: the outbox is written with the reservation change', () => {
  const server = useTestServer();
  let salon: Salon;
  let salonEmail: string;
  let customerEmail: string;
  let today: string;

  beforeAll(async () => {
    salon = await openSalon(server, await createAdmin(server), 'Salone Posta, Centro');
    salonEmail = salon.owner.email;
    customerEmail = salon.client.email;
    today = await romeToday(server);
  });

  const merchant = (fn: string, args: Record<string, unknown>) => salon.owner.client.rpc(fn, args);
  const client = (fn: string, args: Record<string, unknown>) => salon.client.client.rpc(fn, args);
  const outbox = async (reservationId: string) =>
    (
      await server.server.context.db.query<OutboxRow>(
        `select kind, recipient, payload, send_after::text as send_after from app.notification_outbox
          where reservation_id = $1 order by created_at, kind`,
        [reservationId],
      )
    ).rows;
  const kinds = async (reservationId: string) => (await outbox(reservationId)).map((row) => row.kind);
  const book = async (daysAhead: number, time: string) =>
    expectOk<Answer>(
      await client('book_reservation', {
        merchant_slug: salon.merchant.slug,
        treatment_id: salon.piega,
        operator_id: salon.anna,
        date: addDays(today, daysAhead),
        time,
      }),
    ).id!;
  const setEmails = async (newRequest: boolean, reminder: boolean) =>
    expectOk(
      await merchant('set_booking_emails', { new_request_emails: newRequest, reminder_emails: reminder }),
    );

  it('tells the salon of a new request, unless it turned that e-mail off', async () => {
    const booked = await book(3, '10:00');
    const [row] = await outbox(booked);
    expect(row).toMatchObject({
      kind: 'new_request',
      recipient: salonEmail,
      payload: {
        salon_name: 'Salone Posta, Centro',
        client_name: 'Giulia Verdi',
        treatment: 'Piega',
        operator: 'Anna',
        date: addDays(today, 3).split('-').reverse().join('-'),
        time: '10:00',
      },
    });
    await setEmails(false, true);
    const quiet = await book(3, '12:00');
    expect(await kinds(quiet)).toEqual([]);
    await setEmails(true, true);
    expect(expectOk<Record<string, unknown>>(await merchant('booking_settings', {}))).toEqual({
      cancellation_notice_hours: 24,
      address: null,
      new_request_emails: true,
      reminder_emails: true,
      max_open_requests: 100,
      second_reminder_emails: false,
      no_show_alert_threshold: 2,
      moves_confirmed_at_once: false,
    });
    expectRefused(
      await merchant('set_booking_emails', { new_request_emails: null, reminder_emails: true }),
      'Indica se inviare le e-mail di nuova richiesta e i promemoria',
    );
  });

  it('sends the customer a confirmation and schedules the reminder 24 hours before', async () => {
    const booked = await book(4, '11:00');
    expectOk(await merchant('confirm_reservation', { reservation_id: booked }));
    const rows = await outbox(booked);
    expect(rows.map((row) => [row.kind, row.recipient])).toEqual([
      ['new_request', salonEmail],
      ['confirmation', customerEmail],
      ['reminder', customerEmail],
    ]);
    const { rows: due } = await server.server.context.db.query<{ exact: boolean }>(
      `select n.send_after = r.starts_at - interval '24 hours' as exact
         from app.notification_outbox n join app.reservations r on r.id = n.reservation_id
        where n.reservation_id = $1 and n.kind = 'reminder'`,
      [booked],
    );
    expect(due).toEqual([{ exact: true }]);
  });

  it('schedules no reminder when the salon turned reminders off, or the appointment is within 24 hours', async () => {
    await setEmails(true, false);
    const withoutReminders = await book(5, '11:00');
    expectOk(await merchant('confirm_reservation', { reservation_id: withoutReminders }));
    expect(await kinds(withoutReminders)).toEqual(['new_request', 'confirmation']);
    await setEmails(true, true);
    const soon = await insertReservation(server, salon, { startsAt: `now() + interval '3 hours'` });
    expectOk(await merchant('confirm_reservation', { reservation_id: soon }));
    expect(await kinds(soon)).toEqual(['new_request', 'confirmation']);
  });

  it('proposes a change with the old and new time; a declined change e-mails nobody, an accepted one confirms', async () => {
    const declined = await book(6, '10:00');
    expectOk(
      await merchant('modify_reservation', {
        reservation_id: declined,
        date: addDays(today, 6),
        time: '15:00',
        note: 'Anna è in ferie la mattina',
      }),
    );
    const proposal = (await outbox(declined)).find((row) => row.kind === 'change_proposed');
    expect(proposal).toMatchObject({
      recipient: customerEmail,
      payload: { time: '15:00', previous_time: '10:00', notes: 'Anna è in ferie la mattina' },
    });
    expectOk(await client('decline_reservation_change', { reservation_id: declined }));
    expect(await kinds(declined)).toEqual(['new_request', 'change_proposed']);

    const accepted = await book(6, '12:00');
    expectOk(
      await merchant('modify_reservation', {
        reservation_id: accepted,
        date: addDays(today, 6),
        time: '16:00',
        note: 'Più tardi',
      }),
    );
    expectOk(await client('accept_reservation_change', { reservation_id: accepted }));
    expect(await kinds(accepted)).toEqual(['new_request', 'change_proposed', 'confirmation', 'reminder']);
  });

  it('sends the rejection with its reason', async () => {
    const booked = await book(7, '10:00');
    expectOk(
      await merchant('reject_reservation', { reservation_id: booked, reason: 'Chiusi per inventario' }),
    );
    expect((await outbox(booked)).at(-1)).toMatchObject({
      kind: 'rejection',
      recipient: customerEmail,
      payload: { notes: 'Chiusi per inventario' },
    });
  });

  it('sends the cancellation, says who cancelled, and drops the pending reminder', async () => {
    const byCustomer = await book(8, '10:00');
    expectOk(await merchant('confirm_reservation', { reservation_id: byCustomer }));
    expectOk(await client('cancel_reservation', { reservation_id: byCustomer }));
    expect((await outbox(byCustomer)).map((row) => [row.kind, row.payload.cancelled_by_salon])).toEqual([
      ['new_request', undefined],
      ['confirmation', undefined],
      ['cancellation', false],
    ]);

    const bySalon = await book(8, '12:00');
    expectOk(await merchant('confirm_reservation', { reservation_id: bySalon }));
    expectOk(
      await merchant('merchant_cancel_reservation', { reservation_id: bySalon, reason: 'Operatrice malata' }),
    );
    expect((await outbox(bySalon)).at(-1)).toMatchObject({
      kind: 'cancellation',
      recipient: customerEmail,
      payload: { cancelled_by_salon: true, notes: 'Operatrice malata' },
    });
    expect(await kinds(bySalon)).not.toContain('reminder');
  });

  it('writes nothing when the change is refused', async () => {
    const booked = await book(9, '10:00');
    expectRefused(
      await merchant('reject_reservation', { reservation_id: booked, reason: '' }),
      'Inserisci la motivazione del rifiuto',
    );
    expect(await kinds(booked)).toEqual(['new_request']);
  });

  it('tells the customer once when her request or the salon’s proposal expires unanswered', async () => {
    const unanswered = await insertReservation(server, salon, { startsAt: `now() - interval '10 minutes'` });
    const proposal = await insertReservation(server, salon, {
      startsAt: `now() - interval '20 minutes'`,
      status: 'modificata',
    });
    const longAgo = await insertReservation(server, salon, { startsAt: `now() - interval '2 days'` });
    const confirmed = await insertReservation(server, salon, {
      startsAt: `now() - interval '5 hours'`,
      status: 'confermata',
    });
    const upcoming = await insertReservation(server, salon, { startsAt: `now() + interval '3 hours'` });

    // The sender's claim finds them: nothing else writes the moment a request expires.
    await server.server.context.db.query('select * from app_private.claim_notifications(100, 60)');
    const expiry = async (id: string) => (await outbox(id)).filter((row) => row.kind === 'expiry');
    expect(await expiry(unanswered)).toEqual([
      expect.objectContaining({
        recipient: customerEmail,
        payload: expect.objectContaining({ treatment: 'Piega', expired_proposal: false }),
      }),
    ]);
    expect(await expiry(proposal)).toEqual([
      expect.objectContaining({ payload: expect.objectContaining({ expired_proposal: true }) }),
    ]);
    for (const id of [longAgo, confirmed, upcoming]) expect(await expiry(id)).toEqual([]);

    const again = await server.server.context.db.query<{ written: number }>(
      'select app_private.enqueue_expiry_notices() as written',
    );
    expect(again.rows).toEqual([{ written: 0 }]);
    expect(await expiry(unanswered)).toHaveLength(1);
  });

  it('is readable by neither customers nor salons', async () => {
    const { rows } = await server.server.context.db.query<{ role: string; readable: boolean }>(
      `select role, has_table_privilege(role, 'app.notification_outbox', 'select')
                    or has_table_privilege(role, 'app.notification_outbox', 'insert')
                    or has_table_privilege(role, 'app.notification_outbox', 'update')
                    or has_table_privilege(role, 'app.notification_outbox', 'delete') as readable
         from unnest(array['anon', 'authenticated']) as role order by role`,
    );
    expect(rows).toEqual([
      { role: 'anon', readable: false },
      { role: 'authenticated', readable: false },
    ]);
    for (const persona of [salon.owner, salon.client]) {
      const read = await persona.client.schema('app').from('notification_outbox').select('*');
      expect(read.data).toBeNull();
      expect(read.error).not.toBeNull();
    }
  });

  it.each([
    // 10:00 in Rome on the day summer time starts is 08:00 UTC; 24 real hours earlier is 09:00 the day before.
    ['2026-03-29', '10:00', '2026-03-28 08:00', '2026-03-28 09:00'],
    // On the day summer time ends 10:00 is 09:00 UTC; 24 real hours earlier is 11:00 the day before.
    ['2026-10-25', '10:00', '2026-10-24 09:00', '2026-10-24 11:00'],
    ['2027-03-28', '10:00', '2027-03-27 08:00', '2027-03-27 09:00'],
    ['2027-10-31', '10:00', '2027-10-30 09:00', '2027-10-30 11:00'],
  ])(
    'puts the reminder of %s %s exactly 24 hours before, across the clock change',
    async (day, time, utc, rome) => {
      const { rows } = await server.server.context.db.query<{ utc: string; rome: string; hours: string }>(
        `select to_char(due at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as utc,
              to_char(due at time zone 'Europe/Rome', 'YYYY-MM-DD HH24:MI') as rome,
              extract(epoch from ${romeInstant(day, time)} - due) / 3600 as hours
         from (select app_private.reminder_due(${romeInstant(day, time)}) as due) d`,
      );
      expect(rows[0]).toMatchObject({ utc, rome });
      expect(Number(rows[0]!.hours)).toBe(24);
    },
  );

  it.each([
    ['2027-03-28', '2027-03-27 08:00'],
    ['2027-10-31', '2027-10-30 09:00'],
  ])('enqueues the reminder of a confirmation for %s at the right instant', async (day, utc) => {
    const future = await insertReservation(server, salon, { startsAt: romeInstant(day, '10:00') });
    await server.server.context.db.query(`update app.reservations set status = 'confermata' where id = $1`, [
      future,
    ]);
    const { rows } = await server.server.context.db.query<{ utc: string }>(
      `select to_char(send_after at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as utc
         from app.notification_outbox where reservation_id = $1 and kind = 'reminder'`,
      [future],
    );
    expect(rows).toEqual([{ utc }]);
  });
});
