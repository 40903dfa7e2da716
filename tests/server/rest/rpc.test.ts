import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

const fixtures = new URL('../fixtures/rpc-migrations', import.meta.url).pathname;

describe('rpc through supabase-js, as PostgREST runs it', () => {
  let server: TestServer;
  const alice = randomUUID();
  const bob = randomUUID();
  let asAlice: ReturnType<TestServer['client']>;
  let asBob: ReturnType<TestServer['client']>;

  beforeAll(async () => {
    server = await startTestServer({ migrationFolders: [fixtures] });
    asAlice = server.client({
      accessToken: await server.token({ sub: alice, role: 'authenticated', aud: 'authenticated' }),
    });
    asBob = server.client({
      accessToken: await server.token({ sub: bob, role: 'authenticated', aud: 'authenticated' }),
    });
  });
  afterAll(() => server?.stop());

  it('runs the function as the role of the caller, with its claims', async () => {
    const anon = await server.client().rpc('whoami');
    expect(anon.error).toBeNull();
    expect(anon.data).toEqual({ role: 'anon', uid: null, claim_role: 'anon' });

    const user = await asAlice.rpc('whoami');
    expect(user.data).toEqual({ role: 'authenticated', uid: alice, claim_role: 'authenticated' });
  });

  it("gives the call the caller's settings exactly, and only for its own transaction", async () => {
    const email = 'alice+"quoted"\\back@example.com';
    const token = await server.token({ sub: alice, role: 'authenticated', aud: 'authenticated', email });
    const call = (headers: Record<string, string>) =>
      fetch(`${server.url}/rest/v1/rpc/request_settings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-profile': 'api', ...headers },
        body: '{}',
      }).then((response) => response.json() as Promise<Record<string, unknown>>);

    const probe = 'a "quoted" \\ value, {not: json}';
    const signedIn = await call({
      apikey: server.anonKey,
      authorization: `Bearer ${token}`,
      'x-probe': probe,
    });
    expect(signedIn).toMatchObject({
      current_user: 'authenticated',
      claims: { sub: alice, role: 'authenticated', aud: 'authenticated', email },
      claim_sub: alice,
      claim_role: 'authenticated',
      claim_email: email,
      method: 'POST',
      path: '/rpc/request_settings',
      headers: { 'x-probe': probe, 'content-profile': 'api', authorization: `Bearer ${token}` },
      search_path: '"api", "public", "extensions"',
      statement_timeout: '8s',
    });

    // The next call on the pooled connections starts from nothing of the previous one.
    const anonymous = await call({ apikey: server.anonKey });
    expect(anonymous).toMatchObject({
      current_user: 'anon',
      claims: { role: 'anon' },
      claim_sub: '',
      claim_role: 'anon',
      claim_email: '',
      statement_timeout: '3s',
    });
    expect(anonymous.headers).not.toHaveProperty('x-probe');
    expect(anonymous.headers).not.toHaveProperty('authorization');
  });

  it('applies row-level security to the caller', async () => {
    const added = await asAlice.rpc('add_note', { body: 'di Alice' });
    expect(added.error).toBeNull();
    expect(added.data).toMatchObject({ owner: alice, body: 'di Alice' });
    await asBob.rpc('add_note', { body: 'di Bob' });

    const mine = await asAlice.rpc('my_notes');
    expect(mine.data).toEqual([expect.objectContaining({ owner: alice, body: 'di Alice' })]);
    expect((await asBob.rpc('count_my_notes')).data).toBe(1);
    expect((await server.client().rpc('count_my_notes')).data).toBe(0);
  });

  it('refuses an anonymous write under RLS with 401 and a signed-in one with 403', async () => {
    const anon = await server.client().rpc('add_note', { body: 'anonimo' });
    expect(anon.status).toBe(401);
    expect(anon.error?.code).toBe('42501');

    const forbidden = await asAlice.rpc('service_only');
    expect(forbidden.status).toBe(403);
    expect(forbidden.error?.code).toBe('42501');
  });

  it('lets the service role bypass RLS and call what is granted to it only', async () => {
    const service = server.client({ accessToken: server.serviceRoleKey });
    expect((await service.rpc('service_only')).data).toBe('segreto');
    expect((await service.rpc('count_my_notes')).data).toBeGreaterThanOrEqual(2);
  });

  it('shapes results as PostgREST does', async () => {
    expect((await asAlice.rpc('numbers', { up_to: 3 })).data).toEqual([1, 2, 3]);
    expect((await asAlice.rpc('numbers', { up_to: 0 })).data).toEqual([]);
    expect((await asAlice.rpc('pairs')).data).toEqual([
      { n: 1, label: 'uno' },
      { n: 2, label: 'due' },
    ]);
    expect((await asAlice.rpc('greet', { name: 'Anna' })).data).toBe('Ciao Anna');
    expect((await asAlice.rpc('greet', { name: 'Anna', greeting: 'Buongiorno' })).data).toBe(
      'Buongiorno Anna',
    );
    const touched = await asAlice.rpc('touch');
    expect(touched.status).toBe(204);
    expect(touched.data).toBeNull();
  });

  it('supports GET for stable functions', async () => {
    const result = await asAlice.rpc('greet', { name: 'Bea' }, { get: true });
    expect(result.data).toBe('Ciao Bea');
  });

  it('returns one object for .single() and rolls back when the count is not one', async () => {
    const one = await asAlice.rpc('pairs').limit(1).single();
    expect(one.error).toBeNull();
    const many = await asAlice.rpc('pairs').single();
    expect(many.status).toBe(406);
    expect(many.error?.code).toBe('PGRST116');

    const before = (await asAlice.rpc('count_my_notes')).data as number;
    const failed = await asAlice.rpc('add_then_fail', { body: 'annullata' }).single();
    expect(failed.error).toBeNull();
    expect((await asAlice.rpc('count_my_notes')).data).toBe(before + 1);
  });

  it('maps database errors to PostgREST status codes and bodies', async () => {
    const plain = await asAlice.rpc('fail_plain');
    expect(plain.status).toBe(400);
    expect(plain.error).toMatchObject({
      code: 'P0001',
      message: 'Qualcosa non va',
      details: 'dettaglio',
      hint: 'suggerimento',
    });

    const custom = await asAlice.rpc('fail_with_status');
    expect(custom.status).toBe(402);
    expect(custom.error).toMatchObject({ code: 'PT402', message: 'Pagamento richiesto' });

    const unique = await asAlice.rpc('fail_unique');
    expect(unique.status).toBe(409);
    expect(unique.error?.code).toBe('23505');

    const foreignKey = await server.client({ accessToken: server.serviceRoleKey }).rpc('label_missing_note');
    expect(foreignKey.status).toBe(409);
    expect(foreignKey.error?.code).toBe('23503');

    const invalidParameter = await asAlice.rpc('fail_invalid_parameter');
    expect(invalidParameter.status).toBe(400);
    expect(invalidParameter.error).toMatchObject({ code: '22023', message: 'Parametro non valido' });

    const badInput = await asAlice.rpc('numbers', { up_to: 'tre' });
    expect(badInput.status).toBe(400);
    expect(badInput.error?.code).toBe('22P02');

    const check = await asAlice.rpc('add_note', { body: '' });
    expect(check.status).toBe(400);
    expect(check.error?.code).toBe('23514');

    const readOnly = await asAlice.rpc('add_note', { body: 'via GET' }, { get: true });
    expect(readOnly.status).toBe(405);
    expect(readOnly.error?.code).toBe('25006');
  });

  it('answers 404 PGRST202 for an unknown function or argument set', async () => {
    const unknown = await asAlice.rpc('does_not_exist');
    expect(unknown.status).toBe(404);
    expect(unknown.error?.code).toBe('PGRST202');
    const wrongArgs = await asAlice.rpc('greet', { nome: 'Anna' });
    expect(wrongArgs.status).toBe(404);
    expect(wrongArgs.error?.code).toBe('PGRST202');
  });

  it('passes the whole body only to a single unnamed json parameter, "" to an unnamed one, else 404 PGRST202', async () => {
    expect((await asAlice.rpc('echo_body', { a: 1 })).data).toEqual({ a: 1 });
    const post = (fn: string, body: string) =>
      fetch(`${server.url}/rest/v1/rpc/${fn}`, {
        method: 'POST',
        headers: { apikey: server.anonKey, 'content-type': 'application/json' },
        body,
      });
    // The key "" gives the unnamed parameter, as PostgREST matches it.
    const shouted = await post('shout', '{"": "ciao"}');
    expect(shouted.status).toBe(200);
    expect(await shouted.json()).toBe('CIAO');
    const echoed = await post('echo_body', '[1,"due"]');
    expect(echoed.status).toBe(200);
    expect(await echoed.json()).toEqual([1, 'due']);
    for (const [fn, body] of [
      ['greet', '["Anna"]'],
      ['greet', '"Anna"'],
      ['greet', '42'],
      ['shout', '"ciao"'],
      ['shout', '{"testo": "ciao"}'],
      ['touch', '[]'],
    ]) {
      const response = await post(fn!, body!);
      expect({ fn, body, status: response.status }).toEqual({ fn, body, status: 404 });
      expect(await response.json()).toMatchObject({ code: 'PGRST202' });
    }
  });

  it('refuses filters, select and order on an rpc result with 400 PGRST100, never ignoring them', async () => {
    const refused = [
      await asAlice.rpc('pairs').eq('n', 1),
      await asAlice.rpc('numbers', { up_to: 3 }).gt('numbers', 1),
      await asAlice.rpc('pairs').or('n.eq.1,n.eq.2'),
      await asAlice.rpc('pairs').order('n', { ascending: false }),
      await asAlice.rpc('pairs').select('label'),
      await asAlice.rpc('greet', { name: 'Anna' }, { get: true }).eq('greet', 'Ciao Anna'),
    ];
    for (const result of refused) {
      expect(result.status).toBe(400);
      expect(result.error).toMatchObject({ code: 'PGRST100' });
      expect(result.data).toBeNull();
    }
    expect((await asAlice.rpc('pairs').select('*').range(0, 0)).data).toEqual([{ n: 1, label: 'uno' }]);
  });

  it('refuses a limit or offset that is not a non-negative integer with 400 PGRST100', async () => {
    for (const query of ['limit=-1', 'offset=1.5', 'limit=uno', 'limit=1&limit=2']) {
      const response = await fetch(`${server.url}/rest/v1/rpc/pairs?${query}`, {
        headers: { apikey: server.anonKey, 'accept-profile': 'api' },
      });
      expect({ query, status: response.status }).toEqual({ query, status: 400 });
      expect(await response.json()).toEqual({
        code: 'PGRST100',
        message: 'limit and offset must be non-negative integers',
        details: null,
        hint: null,
      });
    }
  });

  it('refuses missing, malformed, forged and expired tokens with 401', async () => {
    const call = (headers: Record<string, string>) =>
      fetch(`${server.url}/rest/v1/rpc/whoami`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-profile': 'api', ...headers },
        body: '{}',
      });
    const missing = await call({});
    expect(missing.status).toBe(401);

    const malformed = await call({ apikey: server.anonKey, authorization: 'Bearer not-a-jwt' });
    expect(malformed.status).toBe(401);
    expect(await malformed.json()).toMatchObject({ code: 'PGRST301' });

    const { signJwt } = await import('../../../server/jwt/jwt.ts');
    const forged = await signJwt(
      { role: 'service_role' },
      'another-secret-another-secret-another-secret',
      60,
    );
    expect((await call({ apikey: server.anonKey, authorization: `Bearer ${forged}` })).status).toBe(401);

    const expired = await server.token({ sub: alice, role: 'authenticated' }, -10);
    const expiredResponse = await call({ apikey: server.anonKey, authorization: `Bearer ${expired}` });
    expect(expiredResponse.status).toBe(401);
    expect(await expiredResponse.json()).toMatchObject({ code: 'PGRST303', message: 'JWT expired' });
  });

  it('sees a function created later once the schema cache is told to reload', async () => {
    const db = server.server.context.db;
    await db.exec(
      `create function api.late_arrival(mood text) returns text language sql stable as $$ select mood $$`,
    );
    expect((await asAlice.rpc('late_arrival', { mood: 'presto' })).data).toBe('presto');
    await db.exec('drop function api.late_arrival(text)');
    await db.exec(
      `create function api.late_arrival() returns text language sql stable as $$ select 'eccomi' $$`,
    );
    await db.exec(`notify pgrst, 'reload schema'`);
    // The notification arrives asynchronously: the cached signature with `mood` goes once it does.
    await expect
      .poll(async () => (await asAlice.rpc('late_arrival', { mood: 'presto' })).error?.code)
      .toBe('PGRST202');
    expect((await asAlice.rpc('late_arrival')).data).toBe('eccomi');
  });

  it('answers from a function replaced under the same signature, however often the call ran before', async () => {
    const db = server.server.context.db;
    await db.exec(
      `create function api.replaced_later(n int) returns int language sql stable as $$ select n * 2 $$;
       grant execute on function api.replaced_later(int) to authenticated`,
    );
    for (let call = 0; call < 12; call += 1) {
      expect((await asAlice.rpc('replaced_later', { n: call })).data).toBe(call * 2);
    }
    await db.exec(
      `drop function api.replaced_later(int);
       create function api.replaced_later(n int) returns text language sql stable as $$ select 'n=' || n $$;
       grant execute on function api.replaced_later(int) to authenticated`,
    );
    for (let call = 0; call < 12; call += 1) {
      expect((await asAlice.rpc('replaced_later', { n: call })).data).toBe(`n=${call}`);
    }
  });

  it('runs a stable function in a read-only transaction, called by POST too', async () => {
    const db = server.server.context.db;
    await db.exec(
      `create function api.sneaky_note() returns int language sql stable
         as $$ select (api.add_note('nascosta')).id $$;
       grant execute on function api.sneaky_note() to authenticated`,
    );
    const result = await asAlice.rpc('sneaky_note');
    expect(result.status).toBe(405);
    expect(result.error?.code).toBe('25006');
  });

  it('returns every connection after reads answered before their commit', async () => {
    const asCarla = server.client({
      accessToken: await server.token({ sub: randomUUID(), role: 'authenticated', aud: 'authenticated' }),
    });
    const reads = await Promise.all(
      Array.from({ length: 60 }, () => asCarla.rpc('count_my_notes', {}, { get: true })),
    );
    expect(reads.map((read) => read.data)).toEqual(reads.map(() => 0));
    const added = await asCarla.rpc('add_note', { body: 'dopo le letture' });
    expect(added.error).toBeNull();
    expect((await asCarla.rpc('count_my_notes')).data).toBe(1);
  });

  it('reaches only the exposed schemas', async () => {
    const result = await server.client({ schema: 'public' }).rpc('whoami');
    expect(result.status).toBe(406);
    expect(result.error?.code).toBe('PGRST106');
  });

  it('caps a set at [api] max_rows, as PostgREST does, and pages past it with range()', async () => {
    const maxRows = server.server.context.config.toml.api.max_rows;
    const capped = await asAlice.rpc('numbers', { up_to: maxRows + 5 });
    expect(capped.data).toHaveLength(maxRows);
    const nextPage = await asAlice.rpc('numbers', { up_to: maxRows + 5 }).range(maxRows, maxRows + 9);
    expect(nextPage.data).toEqual([1, 2, 3, 4, 5].map((n) => maxRows + n));
  });

  it('compresses large responses for clients that accept it', async () => {
    const response = await fetch(`${server.url}/rest/v1/rpc/numbers`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'accept-encoding': 'gzip',
        apikey: server.anonKey,
        authorization: `Bearer ${server.anonKey}`,
      },
      body: JSON.stringify({ up_to: 500 }),
    });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(((await response.json()) as number[]).at(-1)).toBe(500);
  });

  it('sends an answer that fits one TCP segment as it is, compression or not', async () => {
    const response = await fetch(`${server.url}/rest/v1/rpc/numbers`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'accept-encoding': 'gzip, br',
        apikey: server.anonKey,
        authorization: `Bearer ${server.anonKey}`,
      },
      body: JSON.stringify({ up_to: 300 }),
    });
    const body = await response.text();
    expect(body.length).toBeGreaterThan(1024);
    expect(body.length).toBeLessThan(1400);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect((JSON.parse(body) as number[]).at(-1)).toBe(300);
  });

  it('refuses oversized bodies with 413', async () => {
    const response = await fetch(`${server.url}/rest/v1/rpc/greet`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        apikey: server.anonKey,
        authorization: `Bearer ${server.anonKey}`,
      },
      body: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.status).toBe(413);
  });
});
