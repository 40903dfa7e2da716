import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.ts';
import { linkIn, mailbox } from '../../support/mailbox.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

describe('auth e-mails: confirmation, recovery, magic link, through the local mailbox', () => {
  let server: TestServer;
  let mail: ReturnType<typeof mailbox>;
  const salon = () => `${server.url}/salone-bella`;

  beforeAll(async () => {
    server = await startTestServer({ migrationFolders: [], config: { auth: { enableConfirmations: true } } });
    mail = mailbox(server.mailUrl);
  });
  afterAll(() => server?.stop());

  it('sends an Italian confirmation e-mail whose link leads into the app with the oobCode', async () => {
    const client = server.client();
    const { data, error } = await client.auth.signUp({
      email: 'anna@example.com',
      password: 'pelle-di-pesca',
      options: { data: { name: 'Anna' }, emailRedirectTo: `${salon()}/__/auth/action?mode=verifyEmail` },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect(data.user?.identities).toHaveLength(1);

    const notYet = await server
      .client()
      .auth.signInWithPassword({ email: 'anna@example.com', password: 'pelle-di-pesca' });
    expect(notYet.error?.code).toBe('email_not_confirmed');

    const message = await mail.latestTo('anna@example.com');
    expect(message.Subject).toBe('Conferma il tuo indirizzo e-mail');
    expect(message.Text).toContain('Ciao Anna,');
    expect(message.HTML).toContain('<html lang="it">');
    const link = linkIn(message.Text, 'oobCode=');
    expect(`${link.origin}${link.pathname}`).toBe(`${salon()}/__/auth/action`);
    expect(link.searchParams.get('mode')).toBe('verifyEmail');
    const oobCode = link.searchParams.get('oobCode')!;
    expect(oobCode).toMatch(/^[0-9a-f]{56}$/);
    expect(message.HTML).toContain(`oobCode=${oobCode}`);

    const verified = await client.auth.verifyOtp({ token_hash: oobCode, type: 'email' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email_confirmed_at).toBeTruthy();
    expect(verified.data.user?.user_metadata.email_verified).toBe(true);

    const again = await server.client().auth.verifyOtp({ token_hash: oobCode, type: 'email' });
    expect(again.error?.status).toBe(403);
    expect(again.error?.code).toBe('otp_expired');

    const signedIn = await server
      .client()
      .auth.signInWithPassword({ email: 'anna@example.com', password: 'pelle-di-pesca' });
    expect(signedIn.error).toBeNull();
  });

  it('answers a sign-up with a confirmed e-mail with a look-alike user and no e-mail', async () => {
    const before = (await mail.to('anna@example.com')).length;
    const { data, error } = await server
      .client()
      .auth.signUp({ email: 'anna@example.com', password: 'altra-ancora' });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.identities).toEqual([]);
    expect((await mail.to('anna@example.com')).length).toBe(before);
    const { rows } = await server.server.context.db.query(
      `select count(*)::int as n from auth.users where email = 'anna@example.com'`,
    );
    expect(rows[0]).toEqual({ n: 1 });
  });

  it('refuses an expired link', async () => {
    await server.client().auth.signUp({ email: 'lenta@example.com', password: 'aspetta-troppo' });
    const link = linkIn((await mail.latestTo('lenta@example.com')).Text, 'token=');
    await server.server.context.db.query(
      `update auth.users set confirmation_sent_at = now() - interval '2 hours' where email = 'lenta@example.com'`,
    );
    const { error } = await server
      .client()
      .auth.verifyOtp({ token_hash: link.searchParams.get('token')!, type: 'signup' });
    expect(error?.status).toBe(403);
    expect(error?.code).toBe('otp_expired');
    expect(error?.message).toBe('Email link is invalid or has expired');
  });

  it('falls back to the /verify link, which redirects once with the session and then with an error', async () => {
    await server.client().auth.signUp({ email: 'link@example.com', password: 'clicca-qui' });
    const message = await mail.latestTo('link@example.com');
    const link = linkIn(message.Text, '/auth/v1/verify');
    expect(link.searchParams.get('type')).toBe('signup');
    expect(link.searchParams.get('redirect_to')).toBe(server.url);

    const first = await fetch(link, { redirect: 'manual' });
    expect(first.status).toBe(303);
    const target = new URL(first.headers.get('location')!);
    const fragment = new URLSearchParams(target.hash.slice(1));
    expect(fragment.get('token_type')).toBe('bearer');
    expect(fragment.get('type')).toBe('signup');
    const user = await server.client().auth.getUser(fragment.get('access_token')!);
    expect(user.data.user?.email).toBe('link@example.com');

    const second = await fetch(link, { redirect: 'manual' });
    const failed = new URLSearchParams(new URL(second.headers.get('location')!).hash.slice(1));
    expect(failed.get('error_code')).toBe('otp_expired');
  });

  it('confirms with the e-mailed code too', async () => {
    await server.client().auth.signUp({ email: 'codice@example.com', password: 'sei-cifre' });
    const code = /\b(\d{6})\b/.exec((await mail.latestTo('codice@example.com')).Text)![1]!;
    const wrong = await server
      .client()
      .auth.verifyOtp({ email: 'codice@example.com', token: '000000', type: 'email' });
    expect(wrong.error?.code).toBe('otp_expired');
    expect(wrong.error?.message).toBe('Token has expired or is invalid');
    const right = await server
      .client()
      .auth.verifyOtp({ email: 'codice@example.com', token: code, type: 'email' });
    expect(right.error).toBeNull();
    expect(right.data.session?.access_token).toBeTruthy();
  });

  it('sends the recovery e-mail only to known addresses, answering alike, and the link works once', async () => {
    const client = server.client();
    await server.server.context.db.query(
      `update auth.users set email_confirmed_at = now() where email = 'lenta@example.com'`,
    );
    const redirectTo = `${server.url}/merchant/salone-bella/__/auth/action?mode=resetPassword`;
    const known = await client.auth.resetPasswordForEmail('lenta@example.com', { redirectTo });
    const unknown = await client.auth.resetPasswordForEmail('sconosciuta@example.com', { redirectTo });
    expect(known).toEqual({ data: {}, error: null });
    expect(unknown).toEqual({ data: {}, error: null });
    expect(await mail.to('sconosciuta@example.com')).toEqual([]);

    const message = await mail.latestTo('lenta@example.com');
    expect(message.Subject).toBe('Reimposta la tua password');
    const link = linkIn(message.Text, 'oobCode=');
    expect(link.pathname).toBe('/merchant/salone-bella/__/auth/action');
    expect(link.searchParams.get('mode')).toBe('resetPassword');

    const recovering = server.client();
    const events: string[] = [];
    recovering.auth.onAuthStateChange((event) => void events.push(event));
    const verified = await recovering.auth.verifyOtp({
      token_hash: link.searchParams.get('oobCode')!,
      type: 'recovery',
    });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email).toBe('lenta@example.com');
    expect(events).toContain('PASSWORD_RECOVERY');
    const updated = await recovering.auth.updateUser({ password: 'nuova-password' });
    expect(updated.error).toBeNull();

    const old = await server
      .client()
      .auth.signInWithPassword({ email: 'lenta@example.com', password: 'aspetta-troppo' });
    expect(old.error?.code).toBe('invalid_credentials');
    const renewed = await server
      .client()
      .auth.signInWithPassword({ email: 'lenta@example.com', password: 'nuova-password' });
    expect(renewed.error).toBeNull();

    const reused = await server
      .client()
      .auth.verifyOtp({ token_hash: link.searchParams.get('oobCode')!, type: 'recovery' });
    expect(reused.error?.code).toBe('otp_expired');
  });

  it('makes a user wait max_frequency between two recovery e-mails', async () => {
    await server.client().auth.resetPasswordForEmail('anna@example.com');
    const { error } = await server.client().auth.resetPasswordForEmail('anna@example.com');
    expect(error?.status).toBe(429);
    expect(error?.code).toBe('over_email_send_rate_limit');
  });

  it('replaces a redirect to a foreign site with the site URL', async () => {
    await server.client().auth.resetPasswordForEmail('codice@example.com', {
      redirectTo: 'https://malintenzionato.example/?mode=resetPassword',
    });
    const text = (await mail.latestTo('codice@example.com')).Text;
    expect(text).not.toContain('malintenzionato');
    expect(linkIn(text, '/auth/v1/verify').searchParams.get('redirect_to')).toBe(server.url);
  });

  it('sends magic links: confirmation for new addresses, sign-in link for confirmed ones', async () => {
    const refused = await server
      .client()
      .auth.signInWithOtp({ email: 'nuova@example.com', options: { shouldCreateUser: false } });
    expect(refused.error?.status).toBe(422);
    expect(refused.error?.code).toBe('otp_disabled');

    const created = await server.client().auth.signInWithOtp({ email: 'nuova@example.com' });
    expect(created.error).toBeNull();
    expect((await mail.latestTo('nuova@example.com')).Subject).toBe('Conferma il tuo indirizzo e-mail');

    const existing = await server.client().auth.signInWithOtp({ email: 'link@example.com' });
    expect(existing.error).toBeNull();
    const message = await mail.latestTo('link@example.com');
    expect(message.Subject).toBe('Il tuo link per accedere a Passaparola');
    const link = linkIn(message.Text, '/auth/v1/verify');
    expect(link.searchParams.get('type')).toBe('magiclink');
    const signedIn = await server
      .client()
      .auth.verifyOtp({ token_hash: link.searchParams.get('token')!, type: 'magiclink' });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.user?.email).toBe('link@example.com');
  });

  it('serves the mailbox to people in Italian and to programs as Mailpit does, on its own port', async () => {
    const page = await fetch(server.mailUrl);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('Posta in arrivo');
    expect(html).toContain('anna@example.com');

    const list = (await (await fetch(`${server.mailUrl}/api/v1/messages`)).json()) as {
      messages: { ID: string; Created: string; To: { Address: string }[]; Subject: string }[];
    };
    const created = list.messages.map((message) => message.Created);
    expect(created).toEqual([...created].sort().reverse());
    const detail = await (await fetch(`${server.mailUrl}/api/v1/message/${list.messages[0]!.ID}`)).json();
    expect(detail).toMatchObject({
      ID: list.messages[0]!.ID,
      Subject: expect.any(String),
      Text: expect.any(String),
      HTML: expect.any(String),
    });
    expect(html).toContain(`href="/view/${list.messages[0]!.ID}"`);
    expect((await fetch(`${server.mailUrl}/view/${list.messages[0]!.ID}`)).status).toBe(200);
    expect((await fetch(`${server.mailUrl}/api/v1/message/nessuno`)).status).toBe(404);
  });
});

describe('auth e-mails over SMTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ migrationFolders: [], config: { smtpUrl: 'smtp://127.0.0.1:9' } });
  });
  afterAll(() => server?.stop());

  it('has no local mailbox when SMTP_URL is set', async () => {
    expect(server.server.mailbox).toBeUndefined();
    expect(server.server.context.mailer.mailbox).toBeUndefined();
    expect(() => server.mailUrl).toThrow(/SMTP/);
  });
});

describe('auth e-mails over the SMTP server of config.toml ([auth.email.smtp] from the environment)', () => {
  let server: TestServer;
  beforeAll(async () => {
    const { toml } = loadConfig({ SMTP_ENABLED: 'true', SMTP_HOST: '127.0.0.1', SMTP_PORT: '9' });
    server = await startTestServer({
      migrationFolders: [],
      config: { toml, auth: { enableConfirmations: true } },
    });
  });
  afterAll(() => server?.stop());

  it('sends through that server instead of the local mailbox', async () => {
    expect(server.server.mailbox).toBeUndefined();
    // Nothing listens on port 9: the sign-up fails to send its e-mail, as GoTrue reports it.
    const response = await fetch(`${server.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: server.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'smtp@example.com', password: 'password-1' }),
    });
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ msg: 'Error sending signup email' });
  });
});
