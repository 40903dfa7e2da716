import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../../server/mail/mailer.ts';
import { drainOutbox, type DrainOptions } from '../../../server/mail/outbox-drainer.ts';
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
import { startTestServer, type TestServer } from '../../support/test-server.ts';

interface Reminder {
  channel: string;
  status: string;
  error: string | null;
  sent_at: string | null;
}

const options: DrainOptions = {
  sender: { Name: 'Passaparola', Address: 'no-reply@passaparola.local' },
  siteUrl: 'https://prenota.example.com',
};

/** A port nothing listens on: SMTP there fails at once with ECONNREFUSED. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The salon sees, on the inbox row and the calendar, whether the appointment's reminder went out. */
describe('notifications: the reminder status after the outbox is drained', () => {
  let server: TestServer;
  let salon: Salon;
  let day: string;
  let id: string;

  beforeAll(async () => {
    server = await startTestServer();
    salon = await openSalon(server, await createAdmin(server), 'Salone Memo');
    day = addDays(await romeToday(server), 3);
    id = await insertReservation(server, salon, { startsAt: romeInstant(day, '10:30') });
  });
  afterAll(() => server?.stop());

  const db = () => server.server.context.db;
  const reminderDue = (attempts?: number) =>
    db().query(
      `update app.notification_outbox set send_after = now(), attempts = coalesce($2, attempts)
        where reservation_id = $1 and kind = 'reminder'`,
      [id, attempts ?? null],
    );
  const onInbox = async () =>
    expectOk<{ reservations: { id: string; reminder: Reminder | null }[] }>(
      await salon.owner.client.rpc('merchant_reservations_page', { section: null, page_size: 100 }),
    ).reservations.find((row) => row.id === id)!.reminder;
  const onCalendar = async () =>
    expectOk<{ days: { appointments: { id: string; reminder: Reminder | null }[] }[] }>(
      await salon.owner.client.rpc('merchant_calendar', { from_day: day, day_count: 1 }),
    ).days[0]!.appointments.find((row) => row.id === id)!.reminder;
  const broken = async () => createMailer({ smtpUrl: `smtp://127.0.0.1:${await closedPort()}` });

  it('is null before the appointment is confirmed, then scheduled', async () => {
    expect(await onInbox()).toBeNull();
    expectOk(await salon.owner.client.rpc('confirm_reservation', { reservation_id: id }));
    // The new request (its grouping wait skipped) and the confirmation go; the reminder waits for its time.
    await db().query(`update app.notification_outbox set send_after = now() where kind = 'new_request'`);
    expect(await drainOutbox(db(), createMailer({}), options)).toEqual({ sent: 2, failed: 0 });
    expect(await onInbox()).toMatchObject({
      channel: 'email',
      status: 'scheduled',
      error: null,
      sent_at: null,
    });
    expect(await onCalendar()).toEqual(await onInbox());
  });

  it('is retrying with the reason after a failure, failed when no attempt is left', async () => {
    await reminderDue();
    expect(await drainOutbox(db(), await broken(), options)).toEqual({ sent: 0, failed: 1 });
    const retrying = await onInbox();
    expect(retrying).toMatchObject({ channel: 'email', status: 'retrying', sent_at: null });
    expect(retrying?.error).toMatch(/ECONNREFUSED/);
    await reminderDue(4);
    expect(await drainOutbox(db(), await broken(), options)).toEqual({ sent: 0, failed: 1 });
    expect(await onCalendar()).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/ECONNREFUSED/),
    });
  });

  it('is sent once the drainer delivers it', async () => {
    await reminderDue(1);
    expect(await drainOutbox(db(), createMailer({}), options)).toEqual({ sent: 1, failed: 0 });
    const sent = await onCalendar();
    expect(sent).toMatchObject({ channel: 'email', status: 'sent', error: null });
    expect(sent?.sent_at).not.toBeNull();
    expect(await onInbox()).toEqual(sent);
  });

  it('is not shown to another salon', async () => {
    const other = await openSalon(server, await createAdmin(server), 'Salone Vicino');
    const page = expectOk<{ reservations: { id: string }[] }>(
      await other.owner.client.rpc('merchant_reservations_page', { section: null, page_size: 100 }),
    );
    expect(page.reservations.map((row) => row.id)).not.toContain(id);
  });
});
