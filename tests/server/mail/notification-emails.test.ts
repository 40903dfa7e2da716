import { execFile } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../../server/db/port.ts';
import { openPostgres } from '../../../server/db/postgres.ts';
import { createMailer, type Mailer, type OutgoingMail } from '../../../server/mail/mailer.ts';
import { drainOutbox, type DrainOptions } from '../../../server/mail/outbox-drainer.ts';
import {
  addDays,
  createAdmin,
  expectOk,
  insertReservation,
  openSalon,
  romeToday,
  type Answer,
  type Salon,
} from '../../support/fixtures.ts';
import { startFakeSmtp } from '../../support/fake-smtp.ts';
import { mailbox, type MailMessage } from '../../support/mailbox.ts';
import { testDatabaseKind } from '../../support/test-database.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

interface Attachment {
  PartID: string;
  FileName: string;
  ContentType: string;
  Size: number;
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

async function eventually<T>(read: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('Timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The salon's new requests wait to go together; here the wait is over. */
const groupingWindowOver = (db: Queryable) =>
  db.query(
    `update app.notification_outbox set send_after = now() where kind = 'new_request' and sent_at is null`,
  );

describe('notifications: the server sends the outbox', () => {
  let server: TestServer;
  let salon: Salon;
  let today: string;

  beforeAll(async () => {
    server = await startTestServer({ config: { outboxIntervalMs: 100 } });
    salon = await openSalon(server, await createAdmin(server), 'Salone Aurora');
    expectOk(await salon.owner.client.rpc('set_salon_address', { address: 'Via Garibaldi 3, Torino' }));
    today = await romeToday(server);
  });
  afterAll(() => server?.stop());

  const db = () => server.server.context.db;
  const book = async (daysAhead: number, time: string) =>
    expectOk<Answer>(
      await salon.client.client.rpc('book_reservation', {
        merchant_slug: salon.merchant.slug,
        treatment_id: salon.piega,
        operator_id: salon.anna,
        date: addDays(today, daysAhead),
        time,
      }),
    ).id!;
  const newestTo = (address: string, subjectStart: string) =>
    eventually(async () => {
      const found = (await mailbox(server.mailUrl).to(address)).find((message) =>
        message.Subject.startsWith(subjectStart),
      );
      return found ? mailbox(server.mailUrl).message(found.ID) : undefined;
    });
  const unsent = async () =>
    (
      await db().query<{ kind: string; attempts: number; last_error: string | null }>(
        `select kind, attempts, last_error from app.notification_outbox where sent_at is null order by created_at`,
      )
    ).rows;

  it('sends the salon the new request and the customer the confirmation with its .ics, in Italian', async () => {
    const day = addDays(today, 3);
    const shown = day.split('-').reverse().join('-');
    const booked = await book(3, '10:30');
    await groupingWindowOver(db());
    const request = await newestTo(salon.owner.email, 'Nuova richiesta di prenotazione');
    expect(request.Subject).toBe(`Nuova richiesta di prenotazione: Giulia Verdi, ${shown} alle 10:30`);
    expect(request.Text).toContain('Giulia Verdi ha chiesto un appuntamento');
    expect(request.Text).toContain(`${server.url}/dashboard/prenotazioni`);

    expectOk(await salon.owner.client.rpc('confirm_reservation', { reservation_id: booked }));
    const confirmation = (await newestTo(salon.client.email, 'Appuntamento confermato')) as MailMessage & {
      Attachments: Attachment[];
    };
    expect(confirmation.Subject).toBe(`Appuntamento confermato: Piega il ${shown} alle 10:30`);
    expect(confirmation.Text).toContain('il tuo appuntamento è confermato');
    expect(confirmation.Text).toContain('Indirizzo: Via Garibaldi 3, Torino');
    expect(confirmation.HTML).toContain('<html lang="it">');
    expect(confirmation.HTML).toContain('Salone Aurora');
    expect(confirmation.Attachments).toEqual([
      expect.objectContaining({
        FileName: `prenotazione-${day}.ics`,
        ContentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      }),
    ]);
    const part = await fetch(
      `${server.mailUrl}/api/v1/message/${confirmation.ID}/part/${confirmation.Attachments[0]!.PartID}`,
    );
    expect(part.headers.get('content-type')).toContain('text/calendar');
    const ics = await part.text();
    expect(ics).toContain('BEGIN:VCALENDAR\r\n');
    expect(ics).toContain(`DTSTART;TZID=Europe/Rome:${day.replaceAll('-', '')}T103000`);
    expect(ics).toContain('LOCATION:Via Garibaldi 3\\, Torino');
    // The outbox says what was sent (once the sender has marked it, just after handing it over);
    // the reminder waits for its time.
    const waiting = await eventually(async () => {
      const rows = await unsent();
      return rows.every((row) => row.kind === 'reminder') ? rows : undefined;
    });
    expect(waiting).toEqual([{ kind: 'reminder', attempts: 0, last_error: null }]);
  });

  it('tells the customer in Italian when her request expired unanswered', async () => {
    await insertReservation(server, salon, { startsAt: `now() - interval '15 minutes'` });
    const expiry = await newestTo(salon.client.email, 'Richiesta scaduta');
    expect(expiry.Subject).toMatch(/^Richiesta scaduta: Piega del \d{2}-\d{2}-\d{4} alle \d{2}:\d{2}$/);
    expect(expiry.Text).toContain("il salone non l'ha confermata prima dell'orario richiesto");
    expect(expiry.Text).toContain(`${server.url}/client/prenota`);
    expect(expiry.HTML).toContain('<h1 style="margin: 0 0 16px; font-size: 22px">Richiesta scaduta</h1>');
  });

  it('escapes what customers type in the HTML e-mail', async () => {
    const booked = await book(4, '11:00');
    expectOk(
      await salon.owner.client.rpc('reject_reservation', {
        reservation_id: booked,
        reason: '<b>Chiuso</b> & "ferie"',
      }),
    );
    const rejection = await newestTo(salon.client.email, 'Richiesta non accettata');
    expect(rejection.HTML).toContain('Motivo: &lt;b&gt;Chiuso&lt;/b&gt; &amp; &#34;ferie&#34;');
    expect(rejection.Text).toContain('Motivo: <b>Chiuso</b> & "ferie"');
  });
});

describe('notifications: failures are retried, then given up', () => {
  let server: TestServer;
  let salon: Salon;

  beforeAll(async () => {
    server = await startTestServer();
    salon = await openSalon(server, await createAdmin(server), 'Salone Riprova');
  });
  afterAll(() => server?.stop());

  const db = () => server.server.context.db;
  const row = async () =>
    (
      await db().query<{ attempts: number; last_error: string | null; sent: boolean; waits: boolean }>(
        `select attempts, last_error, sent_at is not null as sent, send_after > now() as waits
           from app.notification_outbox where recipient = $1`,
        [salon.owner.email],
      )
    ).rows[0]!;
  const backoffOver = () =>
    db().query(`update app.notification_outbox set send_after = now() where recipient = $1`, [
      salon.owner.email,
    ]);

  it('records an SMTP failure, waits, and sends on a later round', async () => {
    expectOk(
      await salon.client.client.rpc('book_reservation', {
        merchant_slug: salon.merchant.slug,
        treatment_id: salon.piega,
        date: addDays(await romeToday(server), 2),
        time: '10:00',
      }),
    );
    await groupingWindowOver(db());
    const broken = createMailer({ smtpUrl: `smtp://127.0.0.1:${await closedPort()}` });
    expect(await drainOutbox(db(), broken, options)).toEqual({ sent: 0, failed: 1 });
    expect(await row()).toMatchObject({ attempts: 1, sent: false, waits: true });
    expect((await row()).last_error).toMatch(/ECONNREFUSED/);
    // Not due again until its backoff is over.
    expect(await drainOutbox(db(), broken, options)).toEqual({ sent: 0, failed: 0 });

    await backoffOver();
    const working = createMailer({});
    expect(await drainOutbox(db(), working, options)).toEqual({ sent: 1, failed: 0 });
    expect(await row()).toMatchObject({ attempts: 2, sent: true, last_error: null });
    expect(working.mailbox!.list().map((message) => message.Subject)).toEqual([
      expect.stringMatching(/^Nuova richiesta di prenotazione: Giulia Verdi/),
    ]);
    expect(await drainOutbox(db(), working, options)).toEqual({ sent: 0, failed: 0 });
  });

  it('gives up after five attempts', async () => {
    await db().query(
      `update app.notification_outbox set sent_at = null, attempts = 0, last_error = null where recipient = $1`,
      [salon.owner.email],
    );
    const broken = createMailer({ smtpUrl: `smtp://127.0.0.1:${await closedPort()}` });
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await backoffOver();
      expect(await drainOutbox(db(), broken, options)).toEqual({ sent: 0, failed: 1 });
    }
    await backoffOver();
    expect(await drainOutbox(db(), createMailer({}), options)).toEqual({ sent: 0, failed: 0 });
    expect(await row()).toMatchObject({ attempts: 5, sent: false });
  });

  it('drops a due reminder when the salon turned reminders off', async () => {
    const requested = await db().query<{ id: string }>(
      `insert into app.reservations (merchant_id, client_id, treatment_name, operator_id, starts_at, ends_at)
       values ($1, $2, 'Piega', $3, now() + interval '3 days', now() + interval '3 days 1 hour')
       returning id`,
      [salon.merchant.id, salon.member.client_id, salon.anna],
    );
    const id = requested.rows[0]!.id;
    await db().query(`update app.reservations set status = 'confermata' where id = $1`, [id]);
    await db().query(
      `update app.notification_outbox set send_after = now() where reservation_id = $1 and kind = 'reminder'`,
      [id],
    );
    expectOk(
      await salon.owner.client.rpc('set_booking_emails', {
        new_request_emails: true,
        reminder_emails: false,
      }),
    );
    const sink = createMailer({});
    await drainOutbox(db(), sink, options);
    expect(sink.mailbox!.list().filter((message) => message.Subject.startsWith('Promemoria'))).toEqual([]);
    const { rows } = await db().query(
      `select 1 from app.notification_outbox where reservation_id = $1 and kind = 'reminder'`,
      [id],
    );
    expect(rows).toEqual([]);
  });
});

describe('notifications: a salon’s new requests of a few minutes go as one e-mail', () => {
  let server: TestServer;
  let salon: Salon;
  let today: string;

  beforeAll(async () => {
    server = await startTestServer();
    salon = await openSalon(server, await createAdmin(server), 'Salone Raccolto');
    today = await romeToday(server);
  });
  afterAll(() => server?.stop());

  const db = () => server.server.context.db;
  const book = (time: string) =>
    salon.client.client.rpc('book_reservation', {
      merchant_slug: salon.merchant.slug,
      treatment_id: salon.piega,
      operator_id: salon.anna,
      date: addDays(today, 3),
      time,
    });
  const waiting = async () =>
    (
      await db().query<{ waits_minutes: number; groups: number; rows: number }>(
        `select round(extract(epoch from min(send_after) - now()) / 60)::integer as waits_minutes,
                count(distinct send_after)::integer as groups, count(*)::integer as rows
           from app.notification_outbox where merchant_id = $1 and kind = 'new_request' and sent_at is null`,
        [salon.merchant.id],
      )
    ).rows[0]!;

  it('sends one e-mail listing the five requests of the window, and the double tap once', async () => {
    const times = ['09:00', '10:00', '11:00', '12:00', '15:00'];
    expectOk(await book(times[0]!));
    expectOk(await book(times[0]!));
    for (const time of times.slice(1)) expectOk(await book(time));
    expect(await waiting()).toEqual({ waits_minutes: 5, groups: 1, rows: 5 });

    const mailer = createMailer({});
    expect(await drainOutbox(db(), mailer, options)).toEqual({ sent: 0, failed: 0 });
    const timePasses = (interval: string) =>
      db().query(
        `update app.notification_outbox set send_after = send_after - $2::interval
          where merchant_id = $1 and kind = 'new_request'`,
        [salon.merchant.id, interval],
      );
    await timePasses('5 minutes');
    // A failed e-mail is retried as one e-mail.
    const broken = createMailer({ smtpUrl: `smtp://127.0.0.1:${await closedPort()}` });
    expect(await drainOutbox(db(), broken, options)).toEqual({ sent: 0, failed: 5 });
    expect(await waiting()).toEqual({ waits_minutes: 1, groups: 1, rows: 5 });
    await timePasses('1 minute');
    expect(await drainOutbox(db(), mailer, options)).toEqual({ sent: 5, failed: 0 });
    const [mail, ...others] = mailer.mailbox!.list();
    expect(others).toEqual([]);
    expect(mail!.To.map((to) => to.Address)).toEqual([salon.owner.email]);
    expect(mail!.Subject).toBe('5 nuove richieste di prenotazione');
    expect(mail!.Text).toContain('hai 5 nuove richieste di appuntamento:');
    for (const time of times) expect(mail!.Text).toContain(`Ora: ${time}\n`);
    expect(mail!.Text.match(/Cliente: Giulia Verdi/g)).toHaveLength(5);

    // A request after the e-mail starts the next window.
    expectOk(await book('16:00'));
    expect(await waiting()).toEqual({ waits_minutes: 5, groups: 1, rows: 1 });
  });
});

describe.skipIf(testDatabaseKind !== 'postgres')('notifications: two senders on one PostgreSQL', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.stop());

  it('send each e-mail once', async () => {
    const db = server.server.context.db;
    const admin = await createAdmin(server);
    const salon = await openSalon(server, admin, 'Salone Doppio');
    const total = 60;
    await db.query(
      `insert into app.notification_outbox (merchant_id, kind, recipient, payload)
       select $1, 'new_request', 'destinatario' || n || '@example.test',
              jsonb_build_object('salon_name', 'Salone Doppio', 'salon_phone', '06', 'salon_address', '',
                'client_name', 'Cliente ' || n, 'treatment', 'Piega', 'operator', 'Anna',
                'date', '01-12-2026', 'time', '10:00', 'notes', '')
         from generate_series(1, $2::integer) n`,
      [salon.merchant.id, total],
    );
    const recipients: string[] = [];
    /** A slow mailer, so that both senders are busy at once. */
    const recording = (): Mailer => ({
      async send(mail: OutgoingMail) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        recipients.push(mail.to);
      },
    });
    const url = server.server.context.config.databaseUrl!;
    const [first, second] = [await openPostgres(url), await openPostgres(url)];
    try {
      const [a, b] = await Promise.all([
        drainOutbox(first, recording(), { ...options, batchSize: 5 }),
        drainOutbox(second, recording(), { ...options, batchSize: 5 }),
      ]);
      expect(a.sent + b.sent).toBe(total);
      expect(a.sent).toBeGreaterThan(0);
      expect(b.sent).toBeGreaterThan(0);
    } finally {
      await first.close();
      await second.close();
    }
    expect(recipients).toHaveLength(total);
    expect(new Set(recipients).size).toBe(total);
    const { rows } = await db.query<{ unsent: string }>(
      `select count(*) as unsent from app.notification_outbox where sent_at is null`,
    );
    expect(Number(rows[0]!.unsent)).toBe(0);
  });

  it('npm run mail:drain sends the due e-mails once over SMTP, as a scheduled worker would', async () => {
    const db = server.server.context.db;
    await db.query(`update app.notification_outbox set sent_at = now() where sent_at is null`);
    const salon = await openSalon(server, await createAdmin(server), 'Salone Remoto');
    const requested = await db.query<{ id: string }>(
      `insert into app.reservations (merchant_id, client_id, treatment_name, operator_id, starts_at, ends_at)
       values ($1, $2, 'Piega', $3, now() + interval '5 days', now() + interval '5 days 1 hour')
       returning id`,
      [salon.merchant.id, salon.member.client_id, salon.anna],
    );
    await db.query(`update app.reservations set status = 'confermata' where id = $1`, [
      requested.rows[0]!.id,
    ]);
    await groupingWindowOver(db);
    const smtp = await startFakeSmtp();
    const root = new URL('../../..', import.meta.url).pathname;
    const run = () =>
      new Promise<{ code: number; output: string }>((resolve) => {
        execFile(
          join(root, 'node_modules/.bin/tsx'),
          ['scripts/mail-drain.ts'],
          {
            cwd: root,
            env: {
              ...process.env,
              DATABASE_URL: server.server.context.config.databaseUrl,
              SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
              SITE_URL: 'https://prenota.example.com',
            },
          },
          (error, stdout, stderr) =>
            resolve({ code: error ? Number(error.code) : 0, output: stdout + stderr }),
        );
      });
    try {
      expect(await run()).toEqual({ code: 0, output: 'E-mail outbox: 2 sent, 0 failed (retried later)\n' });
      expect(await run()).toEqual({ code: 0, output: 'E-mail outbox: 0 sent, 0 failed (retried later)\n' });
      // One e-mail to each, in whichever order the worker sent them.
      expect(smtp.received.map((mail) => mail.to.join()).sort()).toEqual(
        [`<${salon.owner.email}>`, `<${salon.client.email}>`].sort(),
      );
      const confirmation = smtp.received.find((mail) => mail.to.join() === `<${salon.client.email}>`)!.raw;
      expect(confirmation).toMatch(/^Subject: Appuntamento confermato: Piega il /m);
      expect(confirmation).toMatch(/^Content-Type: text\/calendar; charset=utf-8; method=PUBLISH/m);
      expect(confirmation).toMatch(/filename=prenotazione-\d{4}-\d{2}-\d{2}\.ics/);
    } finally {
      await smtp.close();
    }
  });
});
