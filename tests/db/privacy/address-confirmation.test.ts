import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  confirmAddress,
  createAdmin,
  expectOk,
  insertReservation,
  joinAsClient,
  openSalon,
  romeToday,
  uniqueEmail,
  type JoinedClient,
  type Salon,
} from '../../support/fixtures.ts';
import { linkIn, mailbox } from '../../support/mailbox.ts';
import { startTestServer, type TestClient, type TestServer } from '../../support/test-server.ts';

const unconfirmedMessage = 'Conferma la tua email per prenotare: apri il link che ti abbiamo inviato.';

async function eventually<T>(read: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('Timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('an e-mail address is its owner’s only once she proves it', () => {
  let server: TestServer;
  let salon: Salon;
  let today: string;

  beforeAll(async () => {
    server = await startTestServer({ config: { outboxIntervalMs: 100 } });
    salon = await openSalon(server, await createAdmin(server), 'Salone Aurora');
    today = await romeToday(server);
  });
  afterAll(() => server?.stop());

  const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    (await server.server.context.db.query<T & Record<string, unknown>>(text, params)).rows;
  const join = (client: TestClient, email: string, password: string, sponsorCode: string | null) =>
    client.rpc('join_merchant', {
      merchant_slug: salon.merchant.slug,
      privacy_accepted: true,
      marketing_accepted: true,
      name: 'Lucia Bianchi',
      email,
      password,
      sponsor_code: sponsorCode,
    });
  const signedIn = async (email: string, password: string) => {
    const client = server.client();
    const session = await client.auth.signInWithPassword({ email, password });
    expect(session.error).toBeNull();
    return client;
  };
  const book = (client: TestClient, daysAhead: number) =>
    client.rpc('book_reservation', {
      merchant_slug: salon.merchant.slug,
      treatment_id: salon.piega,
      operator_id: salon.anna,
      date: addDays(today, daysAhead),
      time: '10:00',
    });
  /** Waits until the outbox has nothing due left, so the mailbox holds everything there is to send. */
  const drained = () =>
    eventually(async () =>
      (await sql(`select 1 from app.notification_outbox where sent_at is null and send_after <= now()`))
        .length === 0
        ? true
        : undefined,
    );
  const consentsOf = (clientId: string) =>
    sql<{ kind: string; granted: boolean; recorded_at: Date; address_confirmed_at: Date | null }>(
      'select kind, granted, recorded_at, address_confirmed_at from app.consents where client_id = $1 order by kind',
      [clientId],
    );

  it('a stranger’s address: one e-mail to her, no booking, no consent, and her own account when she registers', async () => {
    const herAddress = uniqueEmail('lucia');
    const squatter = await joinAsClient(server, salon.merchant.slug, { name: 'Marco Neri' });

    // He joins with her address and his own code, and is signed in at once (spec §4).
    const squatted = expectOk<JoinedClient>(
      await join(server.client(), herAddress, 'password-di-marco', squatter.joined.client_code),
    );
    const his = await signedIn(herAddress, 'password-di-marco');
    expect(
      expectOk<{ email: string }>(await his.rpc('client_profile', { merchant_slug: salon.merchant.slug }))
        .email,
    ).toBe(herAddress);

    const refused = await book(his, 2);
    expect(refused.status).toBe(400);
    expect(refused.error?.message).toBe(unconfirmedMessage);
    expect(refused.error?.hint).toBe('email_unconfirmed');
    const again = await his.rpc('resend_address_confirmation', { merchant_slug: salon.merchant.slug });
    expect(again.error?.message).toBe(
      'Ti abbiamo appena inviato il link: attendi un minuto prima di chiederne un altro',
    );

    // Whatever the salon does with requests in "his" name, nothing reaches her.
    for (let day = 1; day <= 5; day += 1) {
      const id = await insertReservation(server, salon, {
        startsAt: `(current_date + ${day}) + time '15:00'`,
        clientId: squatted.client_id,
      });
      expectOk(await salon.owner.client.rpc('reject_reservation', { reservation_id: id, reason: 'Pieno' }));
    }
    await drained();
    const hers = await mailbox(server.mailUrl).to(herAddress);
    expect(hers.map((message) => message.Subject)).toEqual(['Conferma la tua e-mail per Salone Aurora']);
    expect(await consentsOf(squatted.client_id)).toEqual([]);
    const squattersLink = linkIn(
      (await mailbox(server.mailUrl).latestTo(herAddress)).Text,
      '/__/auth/action',
    );

    // She registers with her address and no sponsor: the unproven account gives way.
    const mine = expectOk<JoinedClient>(await join(server.client(), herAddress, 'password-di-lucia', null));
    expect(mine.user_id).not.toBe(squatted.user_id);
    expect(
      await sql('select sponsor_id, generation from app.clients where id = $1', [mine.client_id]),
    ).toEqual([{ sponsor_id: null, generation: 0 }]);
    expect(await sql('select 1 from app.clients where id = $1', [squatted.client_id])).toEqual([]);
    // His session is over: the account is gone, and so are its memberships and its refresh.
    const afterwards = await his.rpc('client_profile', { merchant_slug: salon.merchant.slug });
    expect(afterwards.error?.code).toBe('42501');
    expect((await his.auth.refreshSession()).error).not.toBeNull();
    const stale = await server.client().rpc('confirm_email_address', {
      code: squattersLink.searchParams.get('oobCode'),
    });
    expect(stale.error?.message).toBe('Link non valido o scaduto');

    // Her link confirms her address; the consents count from then, and she books.
    const link = await eventually(async () => {
      const messages = await mailbox(server.mailUrl).to(herAddress);
      if (messages.length < 2) return undefined;
      return linkIn((await mailbox(server.mailUrl).message(messages[0]!.ID)).Text, '/__/auth/action');
    });
    expect(link.pathname).toBe(`/${salon.merchant.slug}/__/auth/action`);
    expect(link.searchParams.get('mode')).toBe('verifyEmail');
    const before = Date.now();
    expect(
      expectOk(
        await server.client().rpc('confirm_email_address', { code: link.searchParams.get('oobCode') }),
      ),
    ).toEqual({ email: herAddress, message: 'Email confermata!' });
    const consents = await consentsOf(mine.client_id);
    expect(consents.map(({ kind, granted }) => ({ kind, granted }))).toEqual([
      { kind: 'marketing', granted: true },
      { kind: 'privacy', granted: true },
    ]);
    for (const consent of consents) {
      expect(consent.address_confirmed_at!.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(consent.recorded_at.getTime()).toBeGreaterThanOrEqual(consent.address_confirmed_at!.getTime());
    }
    const again2 = await server
      .client()
      .rpc('confirm_email_address', { code: link.searchParams.get('oobCode') });
    expect(again2.error?.message).toBe('Link non valido o scaduto');
    const herClient = await signedIn(herAddress, 'password-di-lucia');
    expect(expectOk<{ message: string }>(await book(herClient, 3)).message).toBe('Prenotazione salvata!');
  });

  it('a stranger’s address recovered by its owner: his memberships and sessions end, she joins with her own choice', async () => {
    const herAddress = uniqueEmail('sara');
    const squatter = await joinAsClient(server, salon.merchant.slug, { name: 'Paolo Blu' });
    const squatted = expectOk<JoinedClient>(
      await join(server.client(), herAddress, 'password-di-paolo', squatter.joined.client_code),
    );
    const his = await signedIn(herAddress, 'password-di-paolo');
    const byPassword = await his.rpc('claim_proven_address');
    expect(byPassword.error?.message).toBe('Apri il link che ti abbiamo inviato per email');

    // She asks for a new password and opens the link, as the action page does.
    const redirectTo = `${server.url}/${salon.merchant.slug}/__/auth/action?mode=resetPassword`;
    expect((await server.client().auth.resetPasswordForEmail(herAddress, { redirectTo })).error).toBeNull();
    const recovery = await eventually(async () =>
      (await mailbox(server.mailUrl).to(herAddress)).find(
        (message) => message.Subject === 'Reimposta la tua password',
      ),
    );
    const link = linkIn((await mailbox(server.mailUrl).message(recovery.ID)).Text, 'oobCode=');
    const hers = server.client();
    const verified = await hers.auth.verifyOtp({
      token_hash: link.searchParams.get('oobCode')!,
      type: 'recovery',
    });
    expect(verified.error).toBeNull();
    expect(expectOk(await hers.rpc('claim_proven_address'))).toEqual({ started_clean: true });
    expect(expectOk(await hers.rpc('claim_proven_address'))).toEqual({ started_clean: false });

    expect(await sql('select 1 from app.clients where id = $1', [squatted.client_id])).toEqual([]);
    expect((await his.auth.refreshSession()).error).not.toBeNull();
    const hisJoin = await his.rpc('join_merchant', {
      merchant_slug: salon.merchant.slug,
      privacy_accepted: true,
      name: 'Paolo Blu',
      email: herAddress,
      sponsor_code: squatter.joined.client_code,
    });
    expect(hisJoin.error?.message).toBe('Utente non autenticato');

    const mine = expectOk<JoinedClient>(
      await hers.rpc('join_merchant', {
        merchant_slug: salon.merchant.slug,
        privacy_accepted: true,
        name: 'Sara Gialli',
        email: herAddress,
      }),
    );
    expect(mine.user_id).toBe(squatted.user_id);
    expect(await sql('select sponsor_id from app.clients where id = $1', [mine.client_id])).toEqual([
      { sponsor_id: null },
    ]);
    expect((await consentsOf(mine.client_id)).map(({ kind, granted }) => ({ kind, granted }))).toEqual([
      { kind: 'marketing', granted: false },
      { kind: 'privacy', granted: true },
    ]);
    expect(expectOk<{ message: string }>(await book(hers, 4)).message).toBe('Prenotazione salvata!');
  });

  it('keeps a marketing choice made before the confirmation waiting, and records it from then', async () => {
    const unproven = await joinAsClient(server, salon.merchant.slug, { unconfirmed: true });
    for (const granted of [true, false, true])
      expectOk(
        await unproven.persona.client.rpc('set_marketing_consent', {
          merchant_slug: salon.merchant.slug,
          granted,
        }),
      );
    expect(await consentsOf(unproven.joined.client_id)).toEqual([]);
    expect(
      expectOk(await unproven.persona.client.rpc('client_consents', { merchant_slug: salon.merchant.slug })),
    ).toMatchObject({ privacy: null, marketing: null });

    await confirmAddress(server, unproven.joined.user_id);
    expect(
      (await consentsOf(unproven.joined.client_id)).map(({ kind, granted }) => ({ kind, granted })),
    ).toEqual([
      { kind: 'marketing', granted: true },
      { kind: 'privacy', granted: true },
    ]);
  });

  it('refuses the code of a client whose address is unconfirmed as a sponsor', async () => {
    const unproven = await joinAsClient(server, salon.merchant.slug, { unconfirmed: true });
    const joined = await join(
      server.client(),
      uniqueEmail('amica'),
      'password123',
      unproven.joined.client_code,
    );
    expect(joined.error?.message).toBe('Codice presentatore non valido');
  });

  it('keeps a confirmed account: registering with its address asks for its password', async () => {
    const owner = await joinAsClient(server, salon.merchant.slug);
    const taken = await join(server.client(), owner.persona.email, 'altra-password', null);
    expect(taken.error?.hint).toBe('email_exists');
  });

  it('removes after 7 days the unconfirmed accounts with no purchase, and only those', async () => {
    const old = await joinAsClient(server, salon.merchant.slug, { unconfirmed: true });
    const oldWithPurchase = await joinAsClient(server, salon.merchant.slug, { unconfirmed: true });
    const fresh = await joinAsClient(server, salon.merchant.slug, { unconfirmed: true });
    const oldConfirmed = await joinAsClient(server, salon.merchant.slug);
    expectOk(
      await salon.owner.client.rpc('register_purchase', {
        client_code: oldWithPurchase.joined.client_code,
        spend: 30,
        discount: 0,
      }),
    );
    await sql(
      `update app.address_confirmations set created_at = now() - interval '8 days' where user_id = any($1)`,
      [[old.joined.user_id, oldWithPurchase.joined.user_id, oldConfirmed.joined.user_id]],
    );
    // The server's outbox interval runs the removal.
    await eventually(async () =>
      (await sql('select 1 from auth.users where id = $1', [old.joined.user_id])).length === 0
        ? true
        : undefined,
    );
    const left = await sql<{ id: string }>('select id from auth.users where id = any($1)', [
      [old.joined.user_id, oldWithPurchase.joined.user_id, fresh.joined.user_id, oldConfirmed.joined.user_id],
    ]);
    expect(left.map((row) => row.id).sort()).toEqual(
      [oldWithPurchase.joined.user_id, fresh.joined.user_id, oldConfirmed.joined.user_id].sort(),
    );
    expect(await sql('select 1 from app.clients where id = $1', [old.joined.client_id])).toEqual([]);
  });
});
