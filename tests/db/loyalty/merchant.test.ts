import { beforeAll, describe, expect, it } from 'vitest';
import {
  cents,
  createAdmin,
  createMerchant,
  joinAsClient,
  type CreatedMerchant,
  type JoinedClient,
  type Persona,
} from '../../support/personas.ts';
import { useTestServer } from '../../support/use-test-server.ts';

interface MovementRow {
  id: string;
  client_code: string;
  client_name: string;
  spend: number;
  discount: number;
  net: number;
  created_at: string;
  date: string;
  time: string;
}

describe('merchant api', () => {
  const server = useTestServer();
  let merchant: Persona;
  let salon: CreatedMerchant;
  const members: JoinedClient[] = [];

  beforeAll(async () => {
    const admin = await createAdmin(server);
    ({ merchant: salon, persona: merchant } = await createMerchant(server, admin, 'Estetica Sole'));
    const names = ['Laura Neri', 'Paola Gialli', 'Sara Blu', 'Tina Viola'];
    members.push((await joinAsClient(server, salon.slug, { name: names[0], phone: '3470000001' })).joined);
    members.push(
      (await joinAsClient(server, salon.slug, { name: names[1], sponsorCode: members[0]!.client_code }))
        .joined,
    );
    members.push(
      (await joinAsClient(server, salon.slug, { name: names[2], sponsorCode: members[0]!.client_code }))
        .joined,
    );
    members.push(
      (await joinAsClient(server, salon.slug, { name: names[3], sponsorCode: members[1]!.client_code }))
        .joined,
    );
  });

  it('returns the profile and the percentages, and validates new percentages', async () => {
    expect((await merchant.client.rpc('merchant_profile')).data).toMatchObject({
      id: salon.id,
      slug: 'esteticasole',
      code_prefix: 'A',
      logo_url: null,
    });
    const cases: [Record<string, unknown>, string][] = [
      [{ personal: null }, 'Tutte le percentuali sono obbligatorie'],
      [{ sponsor3: -1 }, 'Le percentuali devono essere comprese tra 0 e 100'],
      [{ sponsor1: 100.5 }, 'Le percentuali devono essere comprese tra 0 e 100'],
    ];
    for (const [args, message] of cases) {
      const result = await merchant.client.rpc('set_percentages', {
        personal: 10,
        sponsor1: 5,
        sponsor2: 2.5,
        sponsor3: 1,
        ...args,
      });
      expect(result.error?.message).toBe(message);
    }
    const saved = await merchant.client.rpc('set_percentages', {
      personal: 10,
      sponsor1: 5,
      sponsor2: 2.5,
      sponsor3: 1,
    });
    expect(saved.data).toEqual({ message: 'Modifica avvenuta con successo!' });
    expect((await merchant.client.rpc('get_percentages')).data).toEqual({
      personal: 10,
      sponsor1: 5,
      sponsor2: 2.5,
      sponsor3: 1,
    });
    const stranger = await joinAsClient(server, salon.slug, { name: 'Non Commerciante' });
    const refused = await stranger.persona.client.rpc('get_percentages');
    expect(refused.status).toBe(403);
    expect(refused.error?.message).toBe('Errore: utenza inesistente');
    members.push(stranger.joined);
  });

  it('pages and searches clients case-insensitively by name, code, e-mail and phone', async () => {
    const all = await merchant.client.rpc('merchant_clients', { page_size: 2 });
    expect(all.data).toMatchObject({ total: 5 });
    expect((all.data as { clients: unknown[] }).clients).toHaveLength(2);
    const page3 = await merchant.client.rpc('merchant_clients', { page: 3, page_size: 2 });
    expect((page3.data as { clients: unknown[] }).clients).toHaveLength(1);
    const search = async (text: string) =>
      (
        (await merchant.client.rpc('merchant_clients', { search: text })).data as {
          clients: { code: string }[];
        }
      ).clients.map((client) => client.code);
    expect(await search('PAOLA')).toEqual([members[1]!.client_code]);
    expect(await search(members[2]!.client_code.toLowerCase())).toEqual([members[2]!.client_code]);
    expect(await search('347000')).toEqual([members[0]!.client_code]);
    expect(await search('%')).toEqual([]);
    const tina = (
      (await merchant.client.rpc('merchant_clients', { search: 'tina' })).data as {
        clients: Record<string, unknown>[];
      }
    ).clients[0]!;
    expect(tina).toMatchObject({
      name: 'Tina Viola',
      sponsor_code: members[1]!.client_code,
      available_credit: 0,
    });
    expect((await merchant.client.rpc('merchant_clients', { page: 0 })).error?.message).toBe(
      'Pagina non valida',
    );
  });

  it('lists movements newest first with Rome date and time, filtered by day and client', async () => {
    const db = server.server.context.db;
    for (const [index, spend] of [20, 30, 40].entries()) {
      const { data } = await merchant.client.rpc('register_purchase', {
        client_code: members[index]!.client_code,
        spend,
        discount: 0,
      });
      // 23:30 UTC on 2026-03-0x is 00:30 of the next day in Rome (CET).
      await db.query(`update app.movements set created_at = $2 where id = $1`, [
        (data as { movement_id: string }).movement_id,
        `2026-03-0${index + 1}T23:30:00Z`,
      ]);
    }
    const { data } = await merchant.client.rpc('merchant_movements');
    const page = data as { total: number; movements: MovementRow[] };
    expect(page.total).toBe(3);
    expect(page.movements.map((movement) => [movement.date, movement.time, cents(movement.net)])).toEqual([
      ['2026-03-04', '00:30:00', 4000],
      ['2026-03-03', '00:30:00', 3000],
      ['2026-03-02', '00:30:00', 2000],
    ]);
    const filtered = await merchant.client.rpc('merchant_movements', {
      date_from: '2026-03-03',
      date_to: '2026-03-03',
    });
    expect(
      (filtered.data as { movements: MovementRow[] }).movements.map((movement) => movement.client_code),
    ).toEqual([members[1]!.client_code]);
    const byClient = await merchant.client.rpc('merchant_movements', {
      client_code: members[0]!.client_code,
    });
    expect((byClient.data as { total: number }).total).toBe(1);
    expect((byClient.data as { movements: MovementRow[] }).movements[0]).toMatchObject({
      client_name: 'Laura Neri',
    });
  });

  it('pages movements exactly as the table holds them, for every filter, and only its own salon’s', async () => {
    const db = server.server.context.db;
    // A salon of its own (the other tests count this file's salon's purchases), and one beside it.
    const admin = await createAdmin(server);
    const own = await createMerchant(server, admin, 'Estetica Mare');
    const clients: JoinedClient[] = [];
    for (const name of ['Ada Rossi', 'Bice Verdi', 'Carla Neri'])
      clients.push((await joinAsClient(server, own.merchant.slug, { name })).joined);
    // Movements on several days and clients, two at the same instant (the id breaks the tie).
    const instants = [
      '2026-04-01T08:00:00Z',
      '2026-04-01T08:00:00Z',
      '2026-04-02T22:30:00Z',
      '2026-04-05T10:00:00Z',
    ];
    for (const [index, instant] of [...instants, ...instants].entries()) {
      const { data } = await own.persona.client.rpc('register_purchase', {
        client_code: clients[index % 3]!.client_code,
        spend: 10 + index,
        discount: 0,
      });
      await db.query('update app.movements set created_at = $2 where id = $1', [
        (data as { movement_id: string }).movement_id,
        instant,
      ]);
    }
    const other = await createMerchant(server, admin, 'Estetica Luna');
    const stranger = (await joinAsClient(server, other.merchant.slug, { name: 'Eva Rossi' })).joined;
    await other.persona.client.rpc('register_purchase', {
      client_code: stranger.client_code,
      spend: 99,
      discount: 0,
    });

    const { rows: table } = await db.query<{ id: string; code: string; day: string }>(
      `select mv.id, c.code, to_char(mv.created_at at time zone 'Europe/Rome', 'YYYY-MM-DD') as day
         from app.movements mv join app.clients c on c.id = mv.client_id
        where mv.merchant_id = $1 order by mv.created_at desc, mv.id desc`,
      [own.merchant.id],
    );
    const filters: { args: Record<string, string>; keep: (row: { code: string; day: string }) => boolean }[] =
      [
        { args: {}, keep: () => true },
        {
          args: { date_from: '2026-04-01', date_to: '2026-04-02' },
          keep: (row) => row.day >= '2026-04-01' && row.day <= '2026-04-02',
        },
        { args: { date_from: '2026-04-03' }, keep: (row) => row.day >= '2026-04-03' },
        {
          args: { client_code: clients[1]!.client_code },
          keep: (row) => row.code === clients[1]!.client_code,
        },
        {
          args: { client_code: ` ${clients[0]!.client_code.toLowerCase()} `, date_to: '2026-04-01' },
          keep: (row) => row.code === clients[0]!.client_code && row.day <= '2026-04-01',
        },
        { args: { client_code: stranger.client_code }, keep: () => false },
        { args: { client_code: 'ZZ99999' }, keep: () => false },
      ];
    for (const { args, keep } of filters) {
      const expected = table.filter(keep).map((row) => row.id);
      for (const page of [1, 2, 3]) {
        const { data, error } = await own.persona.client.rpc('merchant_movements', {
          ...args,
          page,
          page_size: 4,
        });
        expect(error).toBeNull();
        const result = data as { total: number; movements: MovementRow[] };
        expect(result.total).toBe(expected.length);
        expect(result.movements.map((movement) => movement.id)).toEqual(
          expected.slice((page - 1) * 4, page * 4),
        );
      }
    }
  });

  it('computes statistics by generation and the top-5 rankings, and returns the tree', async () => {
    await merchant.client.rpc('register_purchase', {
      client_code: members[3]!.client_code,
      spend: 50,
      discount: 0,
    });
    const { data, error } = await merchant.client.rpc('merchant_statistics');
    expect(error).toBeNull();
    const stats = data as {
      totals: Record<string, number>;
      revenue: Record<string, number>;
      top_by_purchases: { code: string }[];
      top_by_first_generation: { code: string; generation1_count: number }[];
      top_by_first_generation_revenue: { code: string }[];
    };
    expect(stats.totals).toMatchObject({ clients: 5, purchases: 4, gross: 140, net: 140 });
    // Laura (root) -> Paola, Sara (gen 1) -> Tina (gen 2, under Paola).
    expect(stats).not.toHaveProperty('per_client');
    // The per-client figures come a page at a time, by client code.
    const detail = (await merchant.client.rpc('merchant_client_statistics', { page: 1, page_size: 2 }))
      .data as { total: number; clients: Record<string, number | string>[] };
    expect(detail.total).toBe(5);
    expect(detail.clients.map((row) => row.code)).toEqual(
      members
        .map((member) => member.client_code)
        .sort()
        .slice(0, 2),
    );
    const laura = detail.clients.find((row) => row.code === members[0]!.client_code)!;
    expect(laura).toMatchObject({
      name: 'Laura Neri',
      total_purchases: 20,
      generation1_count: 2,
      generation2_count: 1,
      generation3_count: 0,
      generation1_revenue: 70,
      generation2_revenue: 50,
      generation3_revenue: 0,
    });
    expect(stats.revenue).toEqual({ unsponsored: 20, generation1: 70, generation2: 50, generation3: 0 });
    expect(stats.top_by_purchases.map((row) => row.code)).toEqual([
      members[3]!.client_code,
      members[2]!.client_code,
      members[1]!.client_code,
      members[0]!.client_code,
    ]);
    expect(stats.top_by_first_generation.map((row) => [row.code, row.generation1_count])).toEqual([
      [members[0]!.client_code, 2],
      [members[1]!.client_code, 1],
    ]);
    expect(stats.top_by_first_generation_revenue.map((row) => row.code)).toEqual([
      members[0]!.client_code,
      members[1]!.client_code,
    ]);
    const tree = await merchant.client.rpc('merchant_client_tree');
    expect(
      (tree.data as { code: string; generation: number }[]).map((row) => [row.code, row.generation]),
    ).toEqual([
      [members[0]!.client_code, 0],
      [members[4]!.client_code, 0],
      [members[1]!.client_code, 1],
      [members[2]!.client_code, 1],
      [members[3]!.client_code, 2],
    ]);

    // The same clients, in the same order, as parallel arrays in one document.
    const columns = (await merchant.client.rpc('merchant_client_tree_columns')).data as Record<
      string,
      unknown[]
    >;
    const rows = tree.data as Record<string, unknown>[];
    expect(columns).toEqual(
      Object.fromEntries(
        ['id', 'code', 'name', 'sponsor_id', 'generation'].map((key) => [key, rows.map((row) => row[key])]),
      ),
    );

    // The compact document: the same order, each sponsor as its position instead of its uuid.
    const compact = await merchant.client.rpc('merchant_client_tree_compact');
    const positionOf = new Map(rows.map((row, index) => [row.id, index]));
    expect(compact.data).toEqual({
      code: rows.map((row) => row.code),
      name: rows.map((row) => row.name),
      sponsor: rows.map((row) => (row.sponsor_id === null ? -1 : positionOf.get(row.sponsor_id))),
      generation: rows.map((row) => row.generation),
    });
    expect((compact.data as { sponsor: number[] }).sponsor).toEqual([-1, -1, 0, 0, 2]);
  });
});
