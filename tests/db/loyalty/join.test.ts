import { beforeAll, describe, expect, it } from 'vitest';
import {
  createAdmin,
  createMerchant,
  createStranger,
  joinAsClient,
  personaFor,
  uniqueEmail,
  type CreatedMerchant,
  type JoinedClient,
  type Persona,
} from '../../support/personas.ts';
import { useTestServer } from '../../support/use-test-server.ts';

describe('joining a merchant (api.join_merchant) and its public page', () => {
  const server = useTestServer();
  let admin: Persona;
  let salon: CreatedMerchant;
  let other: CreatedMerchant;
  let first: { joined: JoinedClient; persona: Persona };

  const count = async (sql: string) =>
    Number((await server.server.context.db.query<{ n: number }>(sql)).rows[0]!.n);
  const snapshot = async () => ({
    users: await count('select count(*)::int as n from auth.users'),
    clients: await count('select count(*)::int as n from app.clients'),
  });
  const joinAnon = (args: Record<string, unknown>) =>
    server.client().rpc('join_merchant', {
      merchant_slug: salon.slug,
      privacy_accepted: true,
      name: 'Giulia Bianchi',
      email: uniqueEmail('giulia'),
      password: 'segreta1',
      ...args,
    });

  beforeAll(async () => {
    admin = await createAdmin(server);
    salon = (await createMerchant(server, admin, 'Salone Bellezza')).merchant;
    other = (await createMerchant(server, admin, 'Altro Centro')).merchant;
    first = await joinAsClient(server, salon.slug, { name: 'Maria Rossi', phone: ' 3331234567 ' });
  });

  it('creates the account and the first client code of an anonymous visitor', async () => {
    expect(salon.code_prefix).toBe('A');
    expect(first.joined.client_code).toBe('A00001');
    expect(first.joined.message).toBe('Registrazione completata! Il tuo codice cliente è A00001.');

    const { rows } = await server.server.context.db.query<{
      email: string;
      password_ok: boolean;
      confirmed: boolean;
      app_meta: unknown;
      user_meta: unknown;
      identity: { provider: string; provider_id: string; identity_data: Record<string, unknown> };
      tokens: string;
    }>(
      `select u.email, u.encrypted_password = extensions.crypt('password123', u.encrypted_password) as password_ok,
              u.email_confirmed_at is not null as confirmed, u.raw_app_meta_data as app_meta,
              u.raw_user_meta_data as user_meta,
              (select to_jsonb(i) from auth.identities i where i.user_id = u.id) as identity,
              concat(u.confirmation_token, u.recovery_token, u.email_change_token_new, u.email_change) as tokens
         from auth.users u where u.id = $1`,
      [first.persona.userId],
    );
    const user = rows[0]!;
    expect(user.email).toBe(first.persona.email.toLowerCase());
    expect(user.password_ok).toBe(true);
    expect(user.confirmed).toBe(true);
    expect(user.app_meta).toEqual({ provider: 'email', providers: ['email'] });
    expect(user.user_meta).toEqual({ name: 'Maria Rossi' });
    expect(user.tokens).toBe('');
    expect(user.identity.provider).toBe('email');
    expect(user.identity.provider_id).toBe(first.persona.userId);
    expect(user.identity.identity_data).toEqual({
      sub: first.persona.userId,
      email: first.persona.email.toLowerCase(),
      email_verified: true,
      phone_verified: false,
    });
  });

  it('shows the new client in whoami, and nothing for anonymous callers', async () => {
    const me = await first.persona.client.rpc('whoami');
    expect(me.error).toBeNull();
    expect(me.data).toEqual({
      user_id: first.persona.userId,
      email: first.persona.email,
      is_platform_admin: false,
      merchant: null,
      clients: [
        {
          id: first.joined.client_id,
          code: 'A00001',
          merchant_slug: salon.slug,
          merchant_name: 'Salone Bellezza',
          name: 'Maria Rossi',
          merchant_logo_url: null,
        },
      ],
    });
    const anon = await server.client().rpc('whoami');
    expect(anon.data).toEqual({
      user_id: null,
      email: null,
      is_platform_admin: false,
      merchant: null,
      clients: [],
    });
    const adminMe = await admin.client.rpc('whoami');
    expect(adminMe.data).toMatchObject({ is_platform_admin: true, merchant: null, clients: [] });
  });

  it('links a sponsor of the same merchant and numbers codes in order', async () => {
    const second = await joinAsClient(server, salon.slug, { sponsorCode: 'a00001' });
    expect(second.joined.client_code).toBe('A00002');
    const { rows } = await server.server.context.db.query<{ sponsor: string; generation: number }>(
      `select s.code as sponsor, c.generation from app.clients c join app.clients s on s.id = c.sponsor_id
        where c.id = $1`,
      [second.joined.client_id],
    );
    expect(rows[0]).toEqual({ sponsor: 'A00001', generation: 1 });
    const atOther = await joinAsClient(server, other.slug);
    expect(atOther.joined.client_code).toBe('B00001');
  });

  it('lets a signed-in account join another merchant with its own user, ignoring the password', async () => {
    const joined = await first.persona.client.rpc('join_merchant', {
      merchant_slug: other.slug,
      privacy_accepted: true,
      name: 'Maria Rossi',
      email: 'ignorata@example.test',
      password: 'x',
    });
    expect(joined.error).toBeNull();
    expect(joined.data).toMatchObject({ client_code: expect.stringMatching(/^B\d{5}$/) });
    const me = await first.persona.client.rpc('whoami');
    expect((me.data as { clients: { merchant_slug: string }[] }).clients.map((c) => c.merchant_slug)).toEqual(
      [salon.slug, other.slug],
    );
    const again = await first.persona.client.rpc('join_merchant', {
      merchant_slug: other.slug,
      privacy_accepted: true,
      name: 'Maria Rossi',
      email: first.persona.email,
    });
    expect(again.error?.message).toBe('Sei già cliente di questo commerciante');
  });

  it('refuses bad input with the Italian message and changes nothing', async () => {
    const before = await snapshot();
    const cases: [Record<string, unknown>, string][] = [
      [{ merchant_slug: 'nessuno' }, 'Commerciante inesistente'],
      [{ name: '   ' }, 'Il nome è obbligatorio'],
      [{ name: null }, 'Il nome è obbligatorio'],
      [{ email: '' }, "L'email è obbligatoria"],
      [{ email: 'non-una-email' }, 'Email non valida'],
      [{ password: null }, 'La password è obbligatoria'],
      [{ password: '12345' }, 'La password deve contenere almeno 6 caratteri'],
      [{ email: first.persona.email.toUpperCase() }, 'Email già registrata: accedi per continuare'],
      [{ sponsor_code: 'A99999' }, 'Codice presentatore non valido'],
      [{ sponsor_code: 'B00001' }, 'Codice presentatore non valido'],
    ];
    for (const [args, message] of cases) {
      const result = await joinAnon(args);
      expect(result.error?.message, JSON.stringify(args)).toBe(message);
      expect(result.status).toBe(400);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('links a signed-in account without membership and refuses a token of no account', async () => {
    const stranger = await createStranger(server);
    const joined = await stranger.client.rpc('join_merchant', {
      merchant_slug: salon.slug,
      privacy_accepted: true,
      name: 'Anna Verdi',
      email: stranger.email,
    });
    expect(joined.error).toBeNull();
    const ghost = await personaFor(server, '00000000-0000-0000-0000-00000000dead', 'ghost@example.test');
    const refused = await ghost.client.rpc('join_merchant', {
      merchant_slug: salon.slug,
      privacy_accepted: true,
      name: 'Fantasma',
      email: 'ghost@example.test',
    });
    expect(refused.status).toBe(403);
    expect(refused.error?.message).toBe('Utente non autenticato');
  });

  it('gives 100 parallel joins at one merchant 100 distinct codes', async () => {
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        server.client().rpc('join_merchant', {
          merchant_slug: other.slug,
          privacy_accepted: true,
          name: `Cliente ${index}`,
          email: uniqueEmail('parallelo'),
          password: 'password123',
        }),
      ),
    );
    expect(results.filter((result) => result.error)).toEqual([]);
    const codes = results.map((result) => (result.data as JoinedClient).client_code);
    expect(new Set(codes).size).toBe(100);
    const { rows } = await server.server.context.db.query<{ code: string }>(
      `select c.code from app.clients c join app.merchants m on m.id = c.merchant_id where m.slug = $1 order by c.code`,
      [other.slug],
    );
    // Gapless: every code from B00001 up to the number of clients.
    expect(rows.map((row) => row.code)).toEqual(
      rows.map((_, index) => `B${String(index + 1).padStart(5, '0')}`),
    );
  });

  it('shows a merchant to anyone by slug, with its logo only once uploaded', async () => {
    const page = await server.client().rpc('merchant_public', { merchant_slug: salon.slug });
    expect(page.data).toEqual({ slug: salon.slug, name: 'Salone Bellezza', logo_url: null });
    expect((await server.client().rpc('merchant_public', { merchant_slug: 'nessuno' })).data).toBeNull();

    await server.server.context.db.query(
      `insert into storage.objects (bucket_id, name) values ('loghi', $1)`,
      [`${salon.slug}.png`],
    );
    const withLogo = await server
      .client()
      .rpc('merchant_public', { merchant_slug: salon.slug.toUpperCase() });
    expect(withLogo.data).toEqual({
      slug: salon.slug,
      name: 'Salone Bellezza',
      logo_url: `${salon.slug}.png`,
    });
  });
});
