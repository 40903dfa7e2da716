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
  type Salon,
} from '../../support/fixtures.ts';

/** A second reminder 2 hours before a confirmed appointment, when the salon turns it on. */
describe('notifications: the second reminder', () => {
  const server = useTestServer();
  let salon: Salon;
  let today: string;

  beforeAll(async () => {
    salon = await openSalon(server, await createAdmin(server), 'Salone Doppio');
    today = await romeToday(server);
  });

  const db = () => server.server.context.db;
  const settings = async () =>
    expectOk<Record<string, unknown>>(await salon.owner.client.rpc('booking_settings', {}));
  const setEmails = async (args: Record<string, unknown>) =>
    expectOk(await salon.owner.client.rpc('set_booking_emails', args));
  const confirmAt = async (day: string, time: string) => {
    const id = await insertReservation(server, salon, { startsAt: romeInstant(day, time) });
    expectOk(await salon.owner.client.rpc('confirm_reservation', { reservation_id: id }));
    return id;
  };
  /** Hours between each reminder and the start, in order. */
  const reminders = async (id: string) =>
    (
      await db().query<{ hours: string }>(
        `select extract(epoch from r.starts_at - n.send_after) / 3600 as hours
           from app.notification_outbox n join app.reservations r on r.id = n.reservation_id
          where n.reservation_id = $1 and n.kind = 'reminder' order by n.send_after`,
        [id],
      )
    ).rows.map((row) => Number(row.hours));

  it('is off by default: confirming queues the 24-hour reminder only', async () => {
    expect(await settings()).toMatchObject({ reminder_emails: true, second_reminder_emails: false });
    expect(await reminders(await confirmAt(addDays(today, 3), '10:00'))).toEqual([24]);
  });

  it('once on, the same confirmation queues both; a call without it leaves it as it was', async () => {
    await setEmails({ new_request_emails: true, reminder_emails: true, second_reminder_emails: true });
    expect(await reminders(await confirmAt(addDays(today, 3), '12:00'))).toEqual([24, 2]);
    await setEmails({ new_request_emails: true, reminder_emails: false });
    expect(await settings()).toMatchObject({ reminder_emails: false, second_reminder_emails: true });
    expect(await reminders(await confirmAt(addDays(today, 3), '14:00'))).toEqual([2]);
    await setEmails({ new_request_emails: true, reminder_emails: true, second_reminder_emails: false });
  });

  it('is dropped unsent when the salon turns it off before it is due; the 24-hour one still goes', async () => {
    await setEmails({ new_request_emails: true, reminder_emails: true, second_reminder_emails: true });
    const id = await confirmAt(addDays(today, 4), '10:00');
    await setEmails({ new_request_emails: true, reminder_emails: true, second_reminder_emails: false });
    await db().query(`update app.notification_outbox set send_after = now() where reservation_id = $1`, [id]);
    const { rows } = await db().query<{ second: boolean }>(
      `select payload ? 'second_reminder' as second
         from app_private.claim_notifications(100, 60) where reservation_id = $1 and kind = 'reminder'`,
      [id],
    );
    expect(rows).toEqual([{ second: false }]);
    expect(await reminders(id)).toHaveLength(1);
  });

  it.each([
    // Summer time starts at 02:00: 03:30 CEST is 01:30 UTC, 2 real hours earlier is 00:30 CET.
    ['2027-03-28', '03:30', '2027-03-27 23:30', '2027-03-28 00:30'],
    // Summer time ends at 03:00: 03:30 CET is 02:30 UTC, 2 real hours earlier is 02:30 CEST.
    ['2026-10-25', '03:30', '2026-10-25 00:30', '2026-10-25 02:30'],
    ['2027-10-31', '10:00', '2027-10-31 07:00', '2027-10-31 08:00'],
  ])('falls 2 real hours before %s %s, across the clock change', async (day, time, utc, rome) => {
    const { rows } = await db().query<{ utc: string; rome: string; hours: string }>(
      `select to_char(due at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as utc,
              to_char(due at time zone 'Europe/Rome', 'YYYY-MM-DD HH24:MI') as rome,
              extract(epoch from ${romeInstant(day, time)} - due) / 3600 as hours
         from (select app_private.second_reminder_due(${romeInstant(day, time)}) as due) d`,
    );
    expect(rows[0]).toMatchObject({ utc, rome });
    expect(Number(rows[0]!.hours)).toBe(2);
  });

  it('is queued at that instant by the confirmation of an appointment on a clock-change day', async () => {
    await setEmails({ new_request_emails: true, reminder_emails: true, second_reminder_emails: true });
    const id = await insertReservation(server, salon, { startsAt: romeInstant('2027-03-28', '10:00') });
    await db().query(`update app.reservations set status = 'confermata' where id = $1`, [id]);
    const { rows } = await db().query<{ utc: string }>(
      `select to_char(send_after at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as utc
         from app.notification_outbox where reservation_id = $1 and kind = 'reminder' order by send_after`,
      [id],
    );
    expect(rows).toEqual([{ utc: '2027-03-27 08:00' }, { utc: '2027-03-28 06:00' }]);
  });
});
