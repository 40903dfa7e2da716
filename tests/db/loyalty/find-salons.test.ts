import { beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createMerchant, type CreatedMerchant, type Persona } from '../../support/personas.ts';
import { useTestServer } from '../../support/use-test-server.ts';

describe('finding a salon by name from the home page (api.find_salons)', () => {
  const server = useTestServer();
  let admin: Persona;
  const salons: Record<string, CreatedMerchant> = {};

  const findAsAnon = (query: unknown) => server.client().rpc('find_salons', { query });
  const names = (rows: unknown) => (rows as { name: string }[]).map((row) => row.name);

  beforeAll(async () => {
    admin = await createAdmin(server);
    for (const name of ['Bellezza Rosa', 'Centro Bellezza Luna', 'Estetica 100% Bio', 'Studio Unghie']) {
      salons[name] = (await createMerchant(server, admin, name)).merchant;
    }
  });

  it('gives anyone the salons whose name contains the words, beginning-with first, and nothing private', async () => {
    const { data, error, status } = await findAsAnon('  bellEZZA ');
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(names(data)).toEqual(['Bellezza Rosa', 'Centro Bellezza Luna']);
    const rose = salons['Bellezza Rosa']!;
    expect((data as object[])[0]).toEqual({ slug: rose.slug, name: 'Bellezza Rosa', logo_url: null });
  });

  it("gives a salon's logo when it has one", async () => {
    const luna = salons['Centro Bellezza Luna']!;
    await server.server.context.db.query(
      `insert into storage.objects (bucket_id, name) values ('loghi', $1)`,
      [`${luna.slug}.png`],
    );
    const { data } = await findAsAnon('luna');
    expect(data).toEqual([{ slug: luna.slug, name: luna.name, logo_url: `${luna.slug}.png` }]);
  });

  it('matches % and _ as themselves, not as wildcards', async () => {
    expect(names((await findAsAnon('0%')).data)).toEqual(['Estetica 100% Bio']);
    expect((await findAsAnon('%%')).data).toEqual([]);
    expect((await findAsAnon('__')).data).toEqual([]);
    expect((await findAsAnon('o_u')).data).toEqual([]);
    expect((await findAsAnon('a\\')).data).toEqual([]);
  });

  it('answers nothing for a name no salon has', async () => {
    const { data, error } = await findAsAnon('Parrucchiere Inesistente');
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });

  it('refuses fewer than 2 letters and more than 100 characters with an Italian message', async () => {
    for (const query of ['', ' ', 'b', '  b  ', null]) {
      const { data, error, status } = await findAsAnon(query);
      expect(status).toBe(400);
      expect(data).toBeNull();
      expect(error).toMatchObject({ code: '22023', message: 'Scrivi almeno 2 lettere del nome del centro' });
    }
    const tooLong = await findAsAnon('b'.repeat(101));
    expect(tooLong.status).toBe(400);
    expect(tooLong.error).toMatchObject({
      code: '22001',
      message: 'La ricerca può contenere al massimo 100 caratteri',
    });
    expect((await findAsAnon('b'.repeat(100))).error).toBeNull();
  });

  it('gives at most 10 salons', async () => {
    for (let index = 1; index <= 11; index += 1)
      await createMerchant(server, admin, `Salone Numero ${index}`);
    const { data, error } = await findAsAnon('salone numero');
    expect(error).toBeNull();
    expect(data).toHaveLength(10);
  });

  it('answers a signed-in user the same way', async () => {
    expect(names((await admin.client.rpc('find_salons', { query: 'unghie' })).data)).toEqual([
      'Studio Unghie',
    ]);
  });
});
