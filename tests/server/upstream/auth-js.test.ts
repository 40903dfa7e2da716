import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { authClient, mockUserCredentials, serviceRoleClient } from './clients.ts';

/**
 * The cases of auth-js's own suite (packages/core/auth-js/test/GoTrueApi.test.ts and
 * GoTrueClient.test.ts, supabase-js v2.109.0) on the endpoints the app uses, run against server/ with
 * upstream's test names. Upstream runs them on the CLI's GoTrue with auto-confirm on: so does this
 * server. What is not ported, and why: tests/server/upstream/NOT-PORTED.md.
 */
describe('auth-js’s own cases against server/auth', () => {
  let server: TestServer;
  const INVALID_EMAIL = 'xx:;x@x.x';
  const NON_EXISTANT_USER_ID = '83fd9e20-7a80-46e4-bf29-a86e3d6bbf66';
  const admin = () => serviceRoleClient(server).auth.admin;
  const createNewUserWithEmail = ({ email }: { email: string }) =>
    admin().createUser({ email, password: mockUserCredentials().password });

  beforeAll(async () => {
    server = await startTestServer({
      migrationFolders: [],
      config: {
        auth: {
          enableConfirmations: false,
          rateLimits: {
            signInSignUps: 10_000,
            tokenRefresh: 10_000,
            tokenVerifications: 10_000,
            emailSent: 10_000,
          },
        },
      },
    });
  });
  afterAll(() => server?.stop());

  describe('GoTrueAdminApi', () => {
    it('createUser() should create a new user', async () => {
      const { email } = mockUserCredentials();
      const { error, data } = await createNewUserWithEmail({ email });
      expect(error).toBeNull();
      expect(data.user?.email).toEqual(email);
    });

    it('createUser() with user and app metadata', async () => {
      const user_metadata = { profile_image: 'https://avatars.example.com/a.png' };
      const app_metadata = { roles: ['editor'] };
      const { email, password } = mockUserCredentials();
      const { error, data } = await admin().createUser({ email, password, app_metadata, user_metadata });
      expect(error).toBeNull();
      expect(data.user?.email).toEqual(email);
      expect(data.user?.user_metadata).toEqual(user_metadata);
      expect(data.user?.app_metadata).toHaveProperty('provider');
      expect(data.user?.app_metadata).toHaveProperty('providers');
      expect(data.user?.app_metadata).toHaveProperty('roles');
    });

    it('createUser() returns AuthError when email is invalid', async () => {
      const { error, data } = await admin().createUser({ email: INVALID_EMAIL, password: 'password123' });
      expect(error?.message).toMatch('Unable to validate email address: invalid format');
      expect(data.user).toBeNull();
    });

    it('listUsers() should return registered users', async () => {
      const { email } = mockUserCredentials();
      expect((await createNewUserWithEmail({ email })).error).toBeNull();
      const { error, data } = await admin().listUsers();
      expect(error).toBeNull();
      expect(data).toHaveProperty('users');
      expect(data).toHaveProperty('aud');
      expect(data.users.map((user) => user.email)).toContain(email);
    });

    it('listUsers() returns AuthError when page is invalid', async () => {
      const { error, data } = await admin().listUsers({ page: -1, perPage: 10 });
      expect(error).not.toBeNull();
      expect(error?.status).toBe(400);
      expect(data.users).toEqual([]);
    });

    it('getUser() fetches a user by their access_token', async () => {
      const auth = authClient(server);
      const { email, password } = mockUserCredentials();
      const { error: initialError, data } = await auth.signUp({ email, password });
      expect(initialError).toBeNull();
      expect(data.session).not.toBeNull();
      const { error, data: found } = await auth.getUser();
      expect(error).toBeNull();
      expect(found.user?.email).toEqual(email);
    });

    it('getUserById() should a registered user given its user identifier', async () => {
      const { email } = mockUserCredentials();
      const created = await createNewUserWithEmail({ email });
      const { error, data } = await admin().getUserById(created.data.user!.id);
      expect(error).toBeNull();
      expect(data.user?.email).toEqual(email);
    });

    it('getUserById() returns AuthError when user id is invalid', async () => {
      const { error, data } = await admin().getUserById(NON_EXISTANT_USER_ID);
      expect(error).not.toBeNull();
      expect(data.user).toBeNull();
    });

    it('modify email using updateUserById()', async () => {
      const { email } = mockUserCredentials();
      const created = await createNewUserWithEmail({ email });
      const { error, data } = await admin().updateUserById(created.data.user!.id, { email: `new_${email}` });
      expect(error).toBeNull();
      expect(data.user?.email).toEqual(`new_${email}`);
    });

    it('modify user metadata using updateUserById()', async () => {
      const { email } = mockUserCredentials();
      const created = await createNewUserWithEmail({ email });
      const userMetaData = { favorite_color: 'yellow' };
      const { error, data } = await admin().updateUserById(created.data.user!.id, {
        user_metadata: userMetaData,
      });
      expect(error).toBeNull();
      expect(data.user?.email).toEqual(email);
      expect(data.user?.user_metadata).toEqual(userMetaData);
    });

    it('modify app metadata using updateUserById()', async () => {
      const { email } = mockUserCredentials();
      const created = await createNewUserWithEmail({ email });
      const { error, data } = await admin().updateUserById(created.data.user!.id, {
        app_metadata: { roles: ['admin', 'publisher'] },
      });
      expect(error).toBeNull();
      expect(data.user?.app_metadata).toHaveProperty('roles');
    });

    it('modify confirm email using updateUserById()', async () => {
      const { email, password } = mockUserCredentials();
      const created = await admin().createUser({ email, password, email_confirm: false });
      expect(created.error).toBeNull();
      expect(created.data.user?.email_confirmed_at).toBeFalsy();
      const { error, data } = await admin().updateUserById(created.data.user!.id, { email_confirm: true });
      expect(error).toBeNull();
      expect(data.user?.email_confirmed_at).toBeTruthy();
    });

    it('deleteUser() should be able delete an existing user', async () => {
      const { email } = mockUserCredentials();
      const created = await createNewUserWithEmail({ email });
      const { error, data } = await admin().deleteUser(created.data.user!.id);
      expect(error).toBeNull();
      expect(data.user).not.toBeUndefined();
      const listed = await admin().listUsers();
      expect(listed.error).toBeNull();
      expect(listed.data.users.map((user) => user.email)).not.toContain(email);
    });

    it('deleteUser() returns AuthError when user id is invalid', async () => {
      const { error, data } = await admin().deleteUser(NON_EXISTANT_USER_ID);
      expect(error).not.toBeNull();
      expect(data.user).toBeNull();
    });

    it('updateUserById() returns AuthError when user id is invalid', async () => {
      const { error, data } = await admin().updateUserById(NON_EXISTANT_USER_ID, { email: 'new@email.com' });
      expect(error).not.toBeNull();
      expect(data.user).toBeNull();
    });

    it('signOut() with an valid access token', async () => {
      const { email, password } = mockUserCredentials();
      const { data } = await authClient(server).signUp({ email, password });
      expect(data.session).not.toBeNull();
      const { error } = await admin().signOut(data.session!.access_token);
      expect(error).toBeNull();
    });

    it('signOut() with an invalid access token', async () => {
      const { error } = await admin().signOut('this-is-a-bad-token');
      expect(error?.message).toMatch(/^invalid JWT/);
    });
  });

  describe('GoTrueClient: sessions', () => {
    it('refreshSession() should return a new session using a passed-in refresh token', async () => {
      const auth = authClient(server);
      const { email, password } = mockUserCredentials();
      const { error, data } = await auth.signUp({ email, password });
      expect(error).toBeNull();
      const refreshed = await auth.refreshSession({ refresh_token: data.session!.refresh_token });
      expect(refreshed.error).toBeNull();
      const session = refreshed.data.session!;
      expect(session.user).not.toBeNull();
      expect(session.expires_in).toEqual(expect.any(Number));
      expect(session.expires_at).toEqual(expect.any(Number));
      expect(session.token_type).toStrictEqual('bearer');
      expect(session.refresh_token).not.toEqual(data.session!.refresh_token);
    });

    it('refreshSession() should return a new session without a passed-in refresh token', async () => {
      const auth = authClient(server);
      const { email, password } = mockUserCredentials();
      const { data } = await auth.signUp({ email, password });
      const refreshed = await auth.refreshSession();
      expect(refreshed.error).toBeNull();
      expect(refreshed.data.session?.token_type).toStrictEqual('bearer');
      expect(refreshed.data.session?.refresh_token).not.toEqual(data.session!.refresh_token);
    });

    it('setSession should return no error', async () => {
      const auth = authClient(server);
      const { email, password } = mockUserCredentials();
      const { data } = await auth.signUp({ email, password });
      const set = await auth.setSession({
        access_token: data.session!.access_token,
        refresh_token: data.session!.refresh_token,
      });
      expect(set.error).toBeNull();
      expect(set.data.session?.token_type).toStrictEqual('bearer');
      expect((await auth.getSession()).data.session).not.toBeNull();
      const updated = await auth.updateUser({ data: { hello: 'world' } });
      expect(updated.error).toBeNull();
      expect(updated.data.user?.user_metadata).toMatchObject({ hello: 'world' });
    });

    it('setSession should fail with invalid access token', async () => {
      const auth = authClient(server);
      const { email, password } = mockUserCredentials();
      const { data } = await auth.signUp({ email, password });
      const set = await auth.setSession({
        access_token: 'invalid-access-token',
        refresh_token: data.session!.refresh_token,
      });
      expect(set.error?.message).toContain('Invalid JWT structure');
      expect(set.data.session).toBeNull();
    });

    it('setSession should fail with invalid refresh token', async () => {
      const auth = authClient(server);
      const expired = await server.token({ sub: NON_EXISTANT_USER_ID, role: 'authenticated' }, -60);
      const set = await auth.setSession({ access_token: expired, refresh_token: 'invalid-refresh-token' });
      expect(set.error?.message).toMatch(/Invalid Refresh Token|Refresh token is not valid/);
      expect(set.data.session).toBeNull();
    });

    it('getSession() should return the currentUser session', async () => {
      const auth = authClient(server);
      const { email, password } = mockUserCredentials();
      await auth.signUp({ email, password });
      const { data, error } = await auth.getSession();
      expect(error).toBeNull();
      expect(data.session).toHaveProperty('access_token');
      expect(data.session).toHaveProperty('user');
    });

    it('signIn() with refreshToken', async () => {
      const auth = authClient(server);
      const { email, password } = mockUserCredentials();
      expect((await auth.signUp({ email, password })).data.session).not.toBeNull();
      const { data, error } = await auth.getSession();
      expect(error).toBeNull();
      expect(data.session).toMatchObject({
        access_token: expect.any(String),
        refresh_token: expect.any(String),
        expires_in: expect.any(Number),
        expires_at: expect.any(Number),
        user: {
          id: expect.any(String),
          email,
          phone: expect.any(String),
          aud: expect.any(String),
          email_confirmed_at: expect.any(String),
          last_sign_in_at: expect.any(String),
          created_at: expect.any(String),
          updated_at: expect.any(String),
          app_metadata: { provider: 'email' },
        },
      });
    });
  });

  describe('GoTrueClient: e-mail auth', () => {
    it('signUp() with email and options', async () => {
      const { email, password } = mockUserCredentials();
      const { error, data } = await authClient(server).signUp({
        email,
        password,
        options: { emailRedirectTo: email, data: { info: 'some info' } },
      });
      expect(error).toBeNull();
      expect(data.session).not.toBeNull();
      expect(data.user?.email).toEqual(email);
      expect(data.user?.user_metadata).toMatchObject({ info: 'some info' });
    });

    it('fail to signUp() with invalid password', async () => {
      const { error, data } = await authClient(server).signUp({ email: 'asd@a.aa', password: '123' });
      expect(data.session).toBeNull();
      expect(error?.message).toContain('Password should be at least 6 characters');
    });

    it('fail to signUp() with invalid email', async () => {
      const { error, data } = await authClient(server).signUp({ email: 'a', password: '123456' });
      expect(data.session).toBeNull();
      expect(error?.message).toContain('Unable to validate email address: invalid format');
    });

    it('signUp() should fail when both email and phone are missing', async () => {
      const { error, data } = await authClient(server).signUp({ password: 'password123' } as never);
      expect(error?.message).toContain('You must provide either an email or phone number and a password');
      expect(data.session).toBeNull();
      expect(data.user).toBeNull();
    });

    it('signUp() the same user twice should not share email already registered message', async () => {
      const { email, password } = mockUserCredentials();
      await authClient(server).signUp({ email, password });
      const { error, data } = await authClient(server).signUp({ email, password });
      expect(data.session).toBeNull();
      expect(data.user).toBeNull();
      expect(error?.message).toMatch(/^User already registered/);
    });

    it('resend with email with options, and with empty options', async () => {
      for (const options of [{ emailRedirectTo: mockUserCredentials().email }, {}]) {
        const { error } = await authClient(server).resend({
          email: mockUserCredentials().email,
          type: 'signup',
          options,
        });
        expect(error).toBeNull();
      }
    });

    it('resend() fails without email or phone', async () => {
      const { error } = await authClient(server).resend({} as never);
      expect(error?.message).toContain('You must provide either an email or phone number');
    });

    it('signInWithPassword() for email', async () => {
      const auth = authClient(server);
      const { email, password } = mockUserCredentials();
      await auth.signUp({ email, password });
      const { error, data } = await auth.signInWithPassword({ email, password });
      const expectedUser = {
        id: expect.any(String),
        email,
        phone: expect.any(String),
        aud: expect.any(String),
        email_confirmed_at: expect.any(String),
        last_sign_in_at: expect.any(String),
        created_at: expect.any(String),
        updated_at: expect.any(String),
        app_metadata: { provider: 'email' },
      };
      expect(error).toBeNull();
      expect(data.session).toMatchObject({
        access_token: expect.any(String),
        refresh_token: expect.any(String),
        expires_in: expect.any(Number),
        expires_at: expect.any(Number),
        user: expectedUser,
      });
      expect(data.user).toMatchObject(expectedUser);
    });

    it('should handle signInWithPassword with invalid credentials; signIn() with the wrong password', async () => {
      const auth = authClient(server);
      const { email, password } = mockUserCredentials();
      await auth.signUp({ email, password });
      await auth.signOut();
      for (const attempt of [
        { email: 'nonexistent@example.com', password: 'wrongpassword' },
        { email, password: `${password}-wrong` },
      ]) {
        const { data, error } = await auth.signInWithPassword(attempt);
        expect(error?.status).toBe(400);
        expect(error?.code).toBe('invalid_credentials');
        expect(data.user).toBeNull();
        expect(data.session).toBeNull();
      }
    });

    it('signInWithPassword() should fail when both email and phone are missing', async () => {
      const { error, data } = await authClient(server).signInWithPassword({
        password: 'password123',
      } as never);
      expect(error?.message).toContain('You must provide either an email or phone number and a password');
      expect(data.session).toBeNull();
    });

    it('signInWithOtp() for email', async () => {
      const { email } = mockUserCredentials();
      const { data, error } = await authClient(server).signInWithOtp({
        email,
        options: { data: { hello: 'world' } },
      });
      expect(error).toBeNull();
      expect(data.user).toBeNull();
      expect(data.session).toBeNull();
    });

    it('should handle signInWithOtp with invalid email', async () => {
      const { data, error } = await authClient(server).signInWithOtp({ email: 'invalid-email' });
      expect(error).not.toBeNull();
      expect(data.user).toBeNull();
    });

    it('should handle verifyOtp with invalid code', async () => {
      const { data, error } = await authClient(server).verifyOtp({
        email: 'test@example.com',
        token: 'invalid-token',
        type: 'email',
      });
      expect(error).not.toBeNull();
      expect(data.user).toBeNull();
      expect(data.session).toBeNull();
    });

    it('resetPasswordForEmail() sends an email for password recovery', async () => {
      const auth = authClient(server);
      const { email, password } = mockUserCredentials();
      await auth.signUp({ email, password });
      const { error, data } = await auth.resetPasswordForEmail(email, {
        redirectTo: 'http://localhost:9999/welcome',
      });
      expect(data).toBeTruthy();
      expect(error).toBeNull();
    });

    it('resetPasswordForEmail() if user does not exist, user details are not exposed', async () => {
      const { error, data } = await authClient(server).resetPasswordForEmail('this_user@does-not-exist.com', {
        redirectTo: 'http://localhost:9999/welcome',
      });
      expect(data).toEqual({});
      expect(error).toBeNull();
    });
  });

  describe('GoTrueClient: user management and sign-out', () => {
    it('Get user', async () => {
      const { email, password } = mockUserCredentials();
      const { data } = await authClient(server).signUp({ email, password });
      expect(data.user).toMatchObject({
        id: expect.any(String),
        email,
        phone: expect.any(String),
        aud: expect.any(String),
        email_confirmed_at: expect.any(String),
        last_sign_in_at: expect.any(String),
        created_at: expect.any(String),
        updated_at: expect.any(String),
        app_metadata: { provider: 'email' },
      });
    });

    it('Update user; Get user after updating', async () => {
      const auth = authClient(server);
      const { email, password } = mockUserCredentials();
      await auth.signUp({ email, password });
      const { error, data } = await auth.updateUser({ data: { hello: 'world' } });
      expect(error).toBeNull();
      expect(data.user).toMatchObject({
        id: expect.any(String),
        aud: expect.any(String),
        email,
        phone: expect.any(String),
        updated_at: expect.any(String),
        last_sign_in_at: expect.any(String),
        email_confirmed_at: expect.any(String),
        created_at: expect.any(String),
        user_metadata: { hello: 'world' },
      });
      expect((await auth.getUser()).data.user?.user_metadata).toMatchObject({ hello: 'world' });
    });

    it('signOut; Get user after logging out', async () => {
      const auth = authClient(server);
      const { email, password } = mockUserCredentials();
      await auth.signUp({ email, password });
      expect((await auth.signInWithPassword({ email, password })).data.user).not.toBeNull();
      expect((await auth.signOut()).error).toBeNull();
      expect((await auth.getUser()).data.user).toBeNull();
      const { data, error } = await auth.getSession();
      expect(data.session).toBeNull();
      expect(error).toBeNull();
    });

    it('signOut should remove session if user is not found or jwt is invalid', async () => {
      const auth = authClient(server);
      const { email, password } = mockUserCredentials();
      await auth.signUp({ email, password });
      const { data, error: signInError } = await auth.signInWithPassword({ email, password });
      expect(signInError).toBeNull();
      expect((await auth.getSession()).data.session).not.toBeNull();
      await admin().deleteUser(data.user!.id);
      expect((await auth.signOut()).error).toBeNull();
      expect((await auth.getSession()).data.session).toBeNull();
    });
  });
});
