import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.ts';
import { createAdmin, uniqueEmail, type Persona } from '../../support/personas.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

const signUpLimit = 3;

/** Logins created in SQL (api.join_merchant, api.admin_create_merchant) follow the auth service's rules. */
describe('logins created by the api functions', () => {
  let server: TestServer;
  let admin: Persona;
  let slug: string;

  const users = async () =>
    Number(
      (await server.server.context.db.query<{ n: number }>('select count(*)::int as n from auth.users'))
        .rows[0]!.n,
    );
  const hashOf = async (userId: string) =>
    (
      await server.server.context.db.query<{ hash: string }>(
        'select encrypted_password as hash from auth.users where id = $1',
        [userId],
      )
    ).rows[0]!.hash;
  const join = (password = 'password-lunga-1') =>
    server.client().rpc('join_merchant', {
      merchant_slug: slug,
      privacy_accepted: true,
      name: 'Nina Blu',
      email: uniqueEmail('nina'),
      password,
    });

  beforeAll(async () => {
    // config.toml as a deployment would write it: a longer password minimum, a low sign-up limit.
    const toml = loadConfig({}).toml;
    server = await startTestServer({
      config: {
        toml: {
          ...toml,
          auth: {
            ...toml.auth,
            minimum_password_length: 12,
            rate_limit: { ...(toml.auth.rate_limit as object), sign_in_sign_ups: signUpLimit },
          },
        },
        auth: { rateLimits: { tokenRefresh: 100_000, tokenVerifications: 100_000, emailSent: 100_000 } },
      },
    });
    admin = await createAdmin(server);
    const { data, error } = await admin.client.rpc('admin_create_merchant', {
      name: 'Salone Regole',
      phone: '061234',
      email: uniqueEmail('regole'),
      password: 'password-lunga-1',
    });
    expect(error).toBeNull();
    slug = (data as { slug: string }).slug;
  });
  afterAll(() => server?.stop());

  it('config.toml minimum_password_length reaches the SQL that creates logins and /config.js', async () => {
    const short = await join('undicicar11');
    expect(short.error?.message).toBe('La password deve contenere almeno 12 caratteri');
    expect(short.status).toBe(400);
    const merchant = await admin.client.rpc('admin_create_merchant', {
      name: 'Salone Corto',
      phone: '061234',
      email: uniqueEmail('corto'),
      password: 'undicicar11',
    });
    expect(merchant.error?.message).toBe('La password deve contenere almeno 12 caratteri');

    const script = await (await fetch(`${server.url}/config.js`)).text();
    expect(script).toContain('"minimumPasswordLength":12');
  });

  it('hashes the passwords of SQL-made logins with bcrypt at cost 10, as GoTrue does', async () => {
    const email = uniqueEmail('costo');
    const merchant = await admin.client.rpc('admin_create_merchant', {
      name: 'Salone Costo',
      phone: '061234',
      email,
      password: 'password-lunga-1',
    });
    expect(merchant.error).toBeNull();
    expect(await hashOf((merchant.data as { user_id: string }).user_id)).toMatch(/^\$2[ab]\$10\$/);
    const signIn = await server.client().auth.signInWithPassword({ email, password: 'password-lunga-1' });
    expect(signIn.error).toBeNull();

    const joined = await join();
    expect(joined.error).toBeNull();
    expect(await hashOf((joined.data as { user_id: string }).user_id)).toMatch(/^\$2[ab]\$10\$/);
  });

  it('counts anonymous join_merchant calls as sign-ups of the address: over the limit 429, no account', async () => {
    // The two joins above counted (a refused one too, as GoTrue counts every request): one is left.
    expect((await join()).error).toBeNull();
    const before = await users();
    const refused = await join();
    expect(refused.status).toBe(429);
    expect(refused.error?.code).toBe('PT429');
    expect(refused.error?.message).toBe(
      'Troppe richieste di registrazione da questo indirizzo: riprova tra qualche minuto',
    );
    expect(await users()).toBe(before);

    // The same window as /auth/v1/signup: that address cannot sign up either.
    const signUp = await server
      .client()
      .auth.signUp({ email: uniqueEmail('altro'), password: 'password-lunga-1' });
    expect(signUp.error?.status).toBe(429);
    expect(await users()).toBe(before);
  });
});

/** The sponsor preview of a referral link names a client: walking codes counts as sign-ups. */
describe('anonymous sponsor previews', () => {
  let server: TestServer;
  let slug: string;
  let prefix: string;

  beforeAll(async () => {
    const toml = loadConfig({}).toml;
    server = await startTestServer({
      config: {
        toml: {
          ...toml,
          auth: { ...toml.auth, rate_limit: { ...(toml.auth.rate_limit as object), sign_in_sign_ups: 5 } },
        },
        auth: { rateLimits: { tokenRefresh: 100_000, tokenVerifications: 100_000, emailSent: 100_000 } },
      },
    });
    const admin = await createAdmin(server);
    const { data, error } = await admin.client.rpc('admin_create_merchant', {
      name: 'Salone Codici',
      phone: '061234',
      email: uniqueEmail('codici'),
      password: 'password-lunga-1',
    });
    expect(error).toBeNull();
    slug = (data as { slug: string }).slug;
    const { rows } = await server.server.context.db.query<{ prefix: string }>(
      'select code_prefix as prefix from app.merchants where slug = $1',
      [slug],
    );
    prefix = rows[0]!.prefix;
  });
  afterAll(() => server?.stop());

  it('count against the address’s sign-up limit: sequential codes stop at 429, and so does joining', async () => {
    const preview = (number: number) =>
      server.client().rpc('sponsor_preview', {
        merchant_slug: slug,
        sponsor_code: `${prefix}${String(number).padStart(5, '0')}`,
      });
    for (const number of [1, 2, 3, 4, 5]) expect((await preview(number)).status).toBe(200);
    const walked = await preview(6);
    expect(walked.status).toBe(429);
    expect(walked.error).toMatchObject({
      code: 'PT429',
      message: 'Troppe richieste di registrazione da questo indirizzo: riprova tra qualche minuto',
    });
    const joined = await server.client().rpc('join_merchant', {
      merchant_slug: slug,
      privacy_accepted: true,
      name: 'Nina Blu',
      email: uniqueEmail('nina'),
      password: 'password-lunga-1',
    });
    expect(joined.status).toBe(429);
  });
});
