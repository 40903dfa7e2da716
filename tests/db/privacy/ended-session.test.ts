import { beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  createAdmin,
  expectOk,
  joinAsClient,
  openSalon,
  romeToday,
  type Salon,
} from '../../support/fixtures.ts';
import { linkIn, mailbox } from '../../support/mailbox.ts';
import type { TestClient } from '../../support/test-server.ts';
import { useTestServer } from '../../support/use-test-server.ts';

async function eventually<T>(read: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('Timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a token of an ended session acts for no client', () => {
  const server = useTestServer();
  let salon: Salon;
  let today: string;

  beforeAll(async () => {
    salon = await openSalon(server, await createAdmin(server), 'Salone Sessioni');
    today = await romeToday(server);
  });

  const signedIn = async (email: string, password: string) => {
    const client = server.client();
    expect((await client.auth.signInWithPassword({ email, password })).error).toBeNull();
    return client;
  };
  const credit = (client: TestClient) => client.rpc('client_credit', { merchant_slug: salon.merchant.slug });
  const book = (client: TestClient, daysAhead: number) =>
    client.rpc('book_reservation', {
      merchant_slug: salon.merchant.slug,
      treatment_id: salon.piega,
      operator_id: salon.anna,
      date: addDays(today, daysAhead),
      time: '11:00',
    });

  /** Recovers the account through the e-mailed link and sets a new password, as the action page does. */
  async function recover(email: string, newPassword: string): Promise<TestClient> {
    const redirectTo = `${server.url}/${salon.merchant.slug}/__/auth/action?mode=resetPassword`;
    expect((await server.client().auth.resetPasswordForEmail(email, { redirectTo })).error).toBeNull();
    const recovery = await eventually(async () =>
      (await mailbox(server.mailUrl).to(email)).find(
        (message) => message.Subject === 'Reimposta la tua password',
      ),
    );
    const link = linkIn((await mailbox(server.mailUrl).message(recovery.ID)).Text, 'oobCode=');
    const recovered = server.client();
    expect(
      (await recovered.auth.verifyOtp({ token_hash: link.searchParams.get('oobCode')!, type: 'recovery' }))
        .error,
    ).toBeNull();
    expect((await recovered.auth.updateUser({ password: newPassword })).error).toBeNull();
    return recovered;
  }

  it('after a password reset the old token is refused by every client function, the new one works', async () => {
    const { persona } = await joinAsClient(server, salon.merchant.slug, { name: 'Elena Neri' });
    const before = await signedIn(persona.email, 'password123');
    expect(expectOk<{ available_credit: number }>(await credit(before)).available_credit).toBe(0);

    const after = await recover(persona.email, 'una-nuova-password-1');

    const refusals = [
      await credit(before),
      await book(before, 2),
      await before.rpc('client_profile', { merchant_slug: salon.merchant.slug }),
      await before.rpc('client_reservations', { merchant_slug: salon.merchant.slug }),
      await before.rpc('client_data_export', { merchant_slug: salon.merchant.slug }),
    ];
    for (const refused of refusals) {
      expect(refused.error?.code).toBe('42501');
      expect(refused.error?.message).toBe('Utente non autenticato');
    }
    const { rows } = await server.server.context.db.query(
      `select 1 from app.reservations r join app.clients c on c.id = r.client_id where c.email = $1`,
      [persona.email],
    );
    expect(rows).toEqual([]);

    expect(expectOk<{ available_credit: number }>(await credit(after)).available_credit).toBe(0);
    expect(expectOk<{ message: string }>(await book(after, 2)).message).toBe('Prenotazione salvata!');
    await signedIn(persona.email, 'una-nuova-password-1');
  });

  it('a session signed out elsewhere is refused too, and the other device keeps working', async () => {
    const { persona } = await joinAsClient(server, salon.merchant.slug, { name: 'Marta Viola' });
    const phone = await signedIn(persona.email, 'password123');
    const laptop = await signedIn(persona.email, 'password123');
    const booked = expectOk<{ id: string }>(await book(phone, 3));
    expect((await laptop.auth.signOut({ scope: 'others' })).error).toBeNull();

    expect((await phone.rpc('cancel_reservation', { reservation_id: booked.id })).error?.message).toBe(
      'Utente non autenticato',
    );

    expect((await credit(phone)).error?.message).toBe('Utente non autenticato');
    expect(
      (await phone.rpc('client_reservation_sections', { merchant_slug: salon.merchant.slug })).error?.message,
    ).toBe('Utente non autenticato');
    expect(expectOk<{ available_credit: number }>(await credit(laptop)).available_credit).toBe(0);
    expectOk(await laptop.rpc('cancel_reservation', { reservation_id: booked.id }));
  });
});
