import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { mailbox, type MailMessage } from '../../support/mailbox.ts';
import { joinAsClient } from '../../support/personas.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

async function eventually<T>(read: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('Timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('notifications: a freed slot is e-mailed to those waiting for it', () => {
  let server: TestServer;
  let salon: Salon;
  let today: string;

  beforeAll(async () => {
    server = await startTestServer({ config: { outboxIntervalMs: 100 } });
    salon = await openSalon(server, await createAdmin(server), 'Salone Aurora');
    today = await romeToday(server);
  });
  afterAll(() => server?.stop());

  it('sends the waiting customer an Italian e-mail with the slot and the way to Prenota', async () => {
    const day = addDays(today, 4);
    const shown = day.split('-').reverse().join('-');
    const { persona: waiting } = await joinAsClient(server, salon.merchant.slug, { name: 'Marta Attesa' });
    expectOk(
      await waiting.client.rpc('join_waitlist', {
        merchant_slug: salon.merchant.slug,
        treatment_id: salon.piega,
        from_day: day,
        to_day: day,
        period: 'Pomeriggio',
      }),
    );
    const appointment = await insertReservation(server, salon, {
      startsAt: romeInstant(day, '14:30'),
      status: 'confermata',
    });
    expectOk(
      await salon.owner.client.rpc('merchant_cancel_reservation', {
        reservation_id: appointment,
        reason: 'Imprevisto',
      }),
    );

    const mail = await eventually<MailMessage>(async () => {
      const [found] = (await mailbox(server.mailUrl).to(waiting.email)).filter((message) =>
        message.Subject.startsWith('Si è liberato un posto'),
      );
      return found ? mailbox(server.mailUrl).message(found.ID) : undefined;
    });
    expect(mail.Subject).toBe(`Si è liberato un posto: Piega il ${shown} alle 14:30`);
    expect(mail.Text).toContain(
      "Ciao Marta Attesa,\nsi è liberato un posto che aspettavi in lista d'attesa.",
    );
    expect(mail.Text).toContain(
      `Trattamento: Piega\nData: ${shown}\nOra: 14:30\nOperatore: Nessuna preferenza`,
    );
    expect(mail.Text).toContain('Il posto va a chi prenota per primo');
    expect(mail.Text).toContain(`${server.url}/client/prenota`);
    expect(mail.HTML).toContain('<html lang="it">');
    // The customer whose appointment the salon cancelled is told of the cancellation, not of the slot.
    const toMember = await mailbox(server.mailUrl).to(salon.client.email);
    expect(toMember.some((message) => message.Subject.startsWith('Si è liberato'))).toBe(false);
  });
});
