import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, expectOk, expectRefused, uniqueEmail, type Persona } from '../../support/fixtures.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

const notAWebAddress = 'Il sito web non è un indirizzo web valido (esempio: https://www.salone.it)';

describe('a new merchant’s website is a web address (SQL)', () => {
  let server: TestServer;
  let admin: Persona;
  let created = 0;

  const create = (website: string | null) =>
    admin.client.rpc('admin_create_merchant', {
      name: `Salone Sito ${++created}`,
      phone: '0612345678',
      email: uniqueEmail('sito'),
      password: 'password123',
      website,
    });
  const merchantCount = async () =>
    (await server.server.context.db.query<{ n: number }>('select count(*)::int as n from app.merchants'))
      .rows[0]!.n;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await createAdmin(server);
  });
  afterAll(() => server?.stop());

  it('refuses text that is not a web address, in Italian, and creates nothing', async () => {
    const before = await merchantCount();
    for (const website of [
      'ciao',
      'salone bello',
      'mario@salone.it',
      'https://',
      'ftp://salone.it',
      'javascript:alert(1)',
      'https://salone',
      'www.salone.it/ pagina',
    ]) {
      const result = await create(website);
      expectRefused(result, notAWebAddress);
      expect(result.error?.code, website).toBe('22023');
    }
    expect(await merchantCount()).toBe(before);
  });

  it('takes a web address with or without its scheme, and no website at all', async () => {
    for (const website of [
      'https://www.salone.it',
      'http://salone.it/chi-siamo?lang=it#orari',
      'www.bella-vita.com',
      'centro.già.it',
      '  https://salone.example:8443/  ',
      '',
      null,
    ]) {
      expectOk(await create(website));
    }
    const { rows } = await server.server.context.db.query<{ website: string | null }>(
      `select website from app.merchants where name like 'Salone Sito %' order by created_at`,
    );
    expect(rows.map((row) => row.website)).toEqual([
      'https://www.salone.it',
      'http://salone.it/chi-siamo?lang=it#orari',
      'www.bella-vita.com',
      'centro.già.it',
      'https://salone.example:8443/',
      null,
      null,
    ]);
  });
});
