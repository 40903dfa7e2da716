import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropDefaultsGoTrueLacks } from '../../support/gotrue-defaults.ts';
import { linkIn, mailbox } from '../../support/mailbox.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

describe('auth on tables without the defaults GoTrue does not define', () => {
  let server: TestServer;
  let mail: ReturnType<typeof mailbox>;

  beforeAll(async () => {
    server = await startTestServer({ migrationFolders: [], config: { auth: { enableConfirmations: true } } });
    mail = mailbox(server.mailUrl);
    await dropDefaultsGoTrueLacks(server.server.context.db);
  });
  afterAll(() => server?.stop());

  const latestToken = async (email: string) =>
    linkIn((await mail.latestTo(email)).Text, '/auth/v1/verify').searchParams.get('token')!;

  it('leaves no default the server could lean on', async () => {
    const { rows } = await server.server.context.db.query<{ name: string }>(
      `select c.relname || '.' || a.attname as name
         from pg_catalog.pg_attribute a join pg_catalog.pg_class c on c.oid = a.attrelid
        where c.relnamespace = 'auth'::regnamespace and a.attnum > 0 and not a.attisdropped
          and a.atthasdef and a.attgenerated = ''
          and c.relname in ('users', 'identities', 'sessions', 'refresh_tokens', 'mfa_amr_claims', 'one_time_tokens')`,
    );
    const withDefault = rows.map((row) => row.name);
    for (const column of [
      'mfa_amr_claims.id',
      'mfa_amr_claims.created_at',
      'one_time_tokens.id',
      'sessions.created_at',
      'users.id',
      'users.aud',
      'users.created_at',
      'refresh_tokens.revoked',
    ]) {
      expect(withDefault).not.toContain(column);
    }
  });

  it('signs up, confirms, signs in, refreshes, recovers and signs in by magic link', async () => {
    const email = 'colonne@example.com';
    const signUp = await server.client().auth.signUp({ email, password: 'password-sicura' });
    expect(signUp.error).toBeNull();
    const confirmed = await server
      .client()
      .auth.verifyOtp({ token_hash: await latestToken(email), type: 'signup' });
    expect(confirmed.error).toBeNull();
    expect(confirmed.data.session?.access_token).toBeTruthy();

    const client = server.client();
    const signedIn = await client.auth.signInWithPassword({ email, password: 'password-sicura' });
    expect(signedIn.error).toBeNull();
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.refresh_token).not.toBe(signedIn.data.session?.refresh_token);

    await server.client().auth.resetPasswordForEmail(email);
    const recovering = server.client();
    const verified = await recovering.auth.verifyOtp({
      token_hash: await latestToken(email),
      type: 'recovery',
    });
    expect(verified.error).toBeNull();
    expect((await recovering.auth.updateUser({ password: 'nuova-password' })).error).toBeNull();

    // The recovery e-mail set the minimum interval: the magic link waits for it.
    await server.server.context.db.query(
      `update auth.users set recovery_sent_at = now() - interval '1 hour' where email = $1`,
      [email],
    );
    expect((await server.client().auth.signInWithOtp({ email })).error).toBeNull();
    const byLink = await server
      .client()
      .auth.verifyOtp({ token_hash: await latestToken(email), type: 'magiclink' });
    expect(byLink.error).toBeNull();
    expect(byLink.data.user?.email).toBe(email);

    const { rows } = await server.server.context.db.query<{ methods: string[] }>(
      `select array_agg(c.authentication_method order by c.authentication_method) as methods
         from auth.mfa_amr_claims c join auth.sessions s on s.id = c.session_id
         join auth.users u on u.id = s.user_id where u.email = $1`,
      [email],
    );
    expect(rows[0]!.methods).toContain('otp');
  });
});
