import { beforeAll, describe, expect, it } from 'vitest';
import {
  cents,
  createAdmin,
  createMerchant,
  joinAsClient,
  uniqueEmail,
  type CreatedMerchant,
  type Persona,
} from '../../support/personas.ts';
import { registerPurchase } from '../../support/purchases.ts';
import { useTestServer } from '../../support/use-test-server.ts';

const letters = (n: number): string =>
  n <= 0 ? '' : letters(Math.floor((n - 1) / 26)) + String.fromCharCode(65 + ((n - 1) % 26));

describe('platform admin api', () => {
  const server = useTestServer();
  let admin: Persona;
  let first: CreatedMerchant;

  const db = () => server.server.context.db;
  const create = (args: Record<string, unknown>) =>
    admin.client.rpc('admin_create_merchant', {
      name: 'Centro Prova',
      phone: '0612345678',
      email: uniqueEmail('nuovo'),
      password: 'password123',
      ...args,
    });

  beforeAll(async () => {
    admin = await createAdmin(server);
    first = (await createMerchant(server, admin, '  Bella  Vita! Spa ')).merchant;
  });

  it('creates a merchant with its login, the slug rule of §5 and prefix A', async () => {
    expect(first).toMatchObject({ slug: 'bellavitaspa', name: 'Bella  Vita! Spa', code_prefix: 'A' });
    const { rows } = await db().query<{ email: string; has_identity: boolean; personal: string }>(
      `select u.email, exists (select 1 from auth.identities i where i.user_id = u.id) as has_identity,
              p.personal::text as personal
         from app.merchants m join auth.users u on u.id = m.user_id join app.percentages p on p.merchant_id = m.id
        where m.id = $1`,
      [first.id],
    );
    expect(rows[0]).toMatchObject({ has_identity: true });
    expect(rows[0]!.email).toBe(rows[0]!.email.toLowerCase());
    expect(Number(rows[0]!.personal)).toBeGreaterThan(0);
    const withSite = await create({ name: 'Ünà Sede 2', website: 'https://esempio.it' });
    expect(withSite.data).toMatchObject({ slug: 'nsede2', code_prefix: 'B' });
  });

  it('refuses bad merchants with Italian messages and changes nothing', async () => {
    const count = async () =>
      (
        await db().query<{ n: number }>(
          'select (select count(*) from app.merchants) + (select count(*) from auth.users) as n',
        )
      ).rows[0]!.n;
    const before = await count();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: ' ' }, 'Il nome è obbligatorio'],
      [{ phone: '' }, 'Il telefono è obbligatorio'],
      [{ email: '' }, "L'email è obbligatoria"],
      [{ email: 'sbagliata' }, 'Email non valida'],
      [{ password: '' }, 'La password è obbligatoria'],
      [{ password: '123' }, 'La password deve contenere almeno 6 caratteri'],
      [{ name: '!!! ???' }, 'Il nome deve contenere almeno una lettera o una cifra'],
      [{ name: 'BELLA vita spa' }, 'Esiste già un commerciante con questo nome'],
      [{ name: 'Admin' }, 'Nome non disponibile: scegline un altro'],
      [{ name: 'Dash Board' }, 'Nome non disponibile: scegline un altro'],
      [{ name: 'Reset-Password' }, 'Nome non disponibile: scegline un altro'],
      [{ email: admin.email.toUpperCase() }, 'Email già registrata: accedi per continuare'],
    ];
    for (const [args, message] of cases) {
      const result = await create(args);
      expect(result.error?.message, JSON.stringify(args)).toBe(message);
      expect(result.status).toBe(400);
    }
    expect(await count()).toBe(before);
  });

  it('gives 30 parallel merchant creations 30 distinct, gapless prefixes', async () => {
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, index) => create({ name: `Parallelo ${index}` })),
    );
    expect(results.filter((result) => result.error)).toEqual([]);
    const prefixes = results.map((result) => (result.data as CreatedMerchant).code_prefix);
    expect(new Set(prefixes).size).toBe(30);
    const { rows } = await db().query<{ code_prefix: string }>('select code_prefix from app.merchants');
    const all = rows.map((row) => row.code_prefix).sort();
    expect(all).toEqual(Array.from({ length: all.length }, (_, index) => letters(index + 1)).sort());
    expect(all).toContain('AA');
  });

  it('lists merchants newest first', async () => {
    const { data, error } = await admin.client.rpc('admin_list_merchants');
    expect(error).toBeNull();
    const list = data as { created_at: string; slug: string; website: string | null }[];
    const times = list.map((merchant) => Date.parse(merchant.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(list.at(-1)).toMatchObject({ slug: 'bellavitaspa', website: null });
    expect(list.find((merchant) => merchant.slug === 'nsede2')?.website).toBe('https://esempio.it');
  });

  it('keeps the daily sales equal to the purchases, through moves and deletions', async () => {
    // Every row of the summaries' daily sales recomputed from app.movements: none missing, none extra.
    const differences = async () =>
      Number(
        (
          await db().query<{ count: string }>(`
            with recomputed as (
              select mv.merchant_id, (mv.created_at at time zone 'Europe/Rome')::date as day,
                     least(c.generation, 3)::smallint as buyer_generation, count(*)::int as purchases,
                     sum(mv.spend) as gross, sum(mv.discount) as discount, sum(mv.net) as net
                from app.movements mv join app.clients c on c.id = mv.client_id
               group by 1, 2, 3
            ),
            kept as (
              select merchant_id, day, buyer_generation, purchases, gross, discount, net
                from app.merchant_daily_sales
            )
            select (select count(*) from (select * from recomputed except select * from kept) as missing)
                 + (select count(*) from (select * from kept except select * from recomputed) as extra) as count`)
        ).rows[0]!.count,
      );
    const { merchant, persona } = await createMerchant(server, admin, 'Vendite Giornaliere');
    const root = (await joinAsClient(server, merchant.slug, { name: 'Radice' })).joined;
    const child = (
      await joinAsClient(server, merchant.slug, { name: 'Figlia', sponsorCode: root.client_code })
    ).joined;
    const bought = await Promise.all(
      [root, child, root, child].map(
        async (buyer, index) =>
          (
            (
              await persona.client.rpc('register_purchase', {
                client_code: buyer.client_code,
                spend: 10 + index,
                discount: 0,
              })
            ).data as { movement_id: string }
          ).movement_id,
      ),
    );
    expect(await differences()).toBe(0);
    const kept = await db().query(`select 1 from app.merchant_daily_sales where merchant_id = $1`, [
      merchant.id,
    ]);
    expect(kept.rows.length).toBeGreaterThan(0);
    await db().query(`update app.movements set created_at = created_at - interval '3 days' where id = $1`, [
      bought[0],
    ]);
    expect(await differences()).toBe(0);
    await db().query(`delete from app.merchants where id = $1`, [merchant.id]);
    expect(await differences()).toBe(0);
    const left = await db().query(`select 1 from app.merchant_daily_sales where merchant_id = $1`, [
      merchant.id,
    ]);
    expect(left.rows).toEqual([]);
  });

  it('summarises campaigns per merchant over Europe/Rome windows, and shows the tree', async () => {
    const { merchant, persona } = await createMerchant(server, admin, 'Riepilogo Test');
    const root = (await joinAsClient(server, merchant.slug, { name: 'Radice' })).joined;
    const g1 = (await joinAsClient(server, merchant.slug, { name: 'Primo', sponsorCode: root.client_code }))
      .joined;
    const g2 = (await joinAsClient(server, merchant.slug, { name: 'Secondo', sponsorCode: g1.client_code }))
      .joined;
    const g3 = (await joinAsClient(server, merchant.slug, { name: 'Terzo', sponsorCode: g2.client_code }))
      .joined;
    const g4 = (await joinAsClient(server, merchant.slug, { name: 'Quarto', sponsorCode: g3.client_code }))
      .joined;
    const buy = async (code: string, spend: number, discount: number) =>
      (await registerPurchase(persona.client, code, spend, discount)).movement_id;
    const big = await buy(root.client_code, 100, 0);
    const withDiscount = await buy(root.client_code, 20, 5);
    const old = await buy(g3.client_code, 30, 0);
    await buy(g4.client_code, 40, 0);

    // Known instants, as Europe/Rome local noon of a given day offset; and the days they fall on.
    const today = (
      await db().query<{ d: string }>(`select (now() at time zone 'Europe/Rome')::date::text as d`)
    ).rows[0]!.d;
    const dayOffset = (days: number) => {
      const date = new Date(`${today}T12:00:00Z`);
      date.setUTCDate(date.getUTCDate() + days);
      return date.toISOString().slice(0, 10);
    };
    const previousMonth15 = (() => {
      const date = new Date(`${today.slice(0, 7)}-15T12:00:00Z`);
      date.setUTCMonth(date.getUTCMonth() - 1);
      return date.toISOString().slice(0, 10);
    })();
    const place = async (table: 'clients' | 'movements', id: string, day: string) =>
      db().query(
        `update app.${table} set created_at = ($2::date + time '12:00') at time zone 'Europe/Rome' where id = $1`,
        [id, day],
      );
    const days = {
      root: dayOffset(-10),
      g1: dayOffset(-1),
      g2: dayOffset(-3),
      g3: previousMonth15,
      g4: today,
    };
    for (const [client, day] of [
      [root, days.root],
      [g1, days.g1],
      [g2, days.g2],
      [g3, days.g3],
      [g4, days.g4],
    ] as const) {
      await place('clients', client.client_id, day);
    }
    await place('movements', big, dayOffset(-1));
    await place('movements', withDiscount, dayOffset(-3));
    await place('movements', old, dayOffset(-10));

    const yesterday = dayOffset(-1);
    const inLastWeek = (day: string) => day >= dayOffset(-7) && day < today;
    const inLastMonth = (day: string) => day.slice(0, 7) === previousMonth15.slice(0, 7);
    const clientDays = Object.values(days);

    const { data, error } = await admin.client.rpc('admin_campaign_summaries');
    expect(error).toBeNull();
    type Summary = {
      slug: string;
      clients: Record<string, number>;
      presentations: Record<string, Record<string, number>>;
      gross: Record<string, number>;
      discounts: Record<string, number>;
      net: Record<string, number>;
      revenue: Record<string, Record<string, number>>;
    };
    const summaries = data as Summary[];
    expect(summaries.length).toBeGreaterThan(30);
    const summary = summaries.find((entry) => entry.slug === merchant.slug)!;
    expect(summary.clients).toEqual({
      total: 5,
      yesterday: clientDays.filter((day) => day === yesterday).length,
      last_week: clientDays.filter(inLastWeek).length,
      last_month: clientDays.filter(inLastMonth).length,
    });
    expect(summary.presentations).toEqual({
      first: { total: 1, yesterday: 1, last_week: 1 },
      second: { total: 1, yesterday: 0, last_week: 1 },
      third: {
        total: 2,
        yesterday: [days.g3, days.g4].filter((day) => day === yesterday).length,
        last_week: [days.g3, days.g4].filter(inLastWeek).length,
      },
    });
    const money = (value: Record<string, number>) =>
      Object.fromEntries(Object.entries(value).map(([key, amount]) => [key, cents(amount)]));
    expect(money(summary.gross)).toEqual({ total: 19000, yesterday: 10000, last_week: 12000 });
    expect(money(summary.discounts)).toEqual({ total: 500, yesterday: 0, last_week: 500 });
    expect(money(summary.net)).toEqual({ total: 18500, yesterday: 10000, last_week: 11500 });
    expect(summary.revenue.unsponsored).toEqual({ total: 115, yesterday: 100 });
    expect(summary.revenue.generation1).toEqual({ total: 0, yesterday: 0 });
    expect(summary.revenue.generation2).toEqual({ total: 0, yesterday: 0 });
    expect(summary.revenue.generation3).toEqual({ total: 70, yesterday: 0 });

    const tree = await admin.client.rpc('admin_client_tree', { merchant_slug: merchant.slug });
    expect(tree.data).toEqual([
      { id: root.client_id, code: root.client_code, name: 'Radice', sponsor_id: null, generation: 0 },
      { id: g1.client_id, code: g1.client_code, name: 'Primo', sponsor_id: root.client_id, generation: 1 },
      { id: g2.client_id, code: g2.client_code, name: 'Secondo', sponsor_id: g1.client_id, generation: 2 },
      { id: g3.client_id, code: g3.client_code, name: 'Terzo', sponsor_id: g2.client_id, generation: 3 },
      { id: g4.client_id, code: g4.client_code, name: 'Quarto', sponsor_id: g3.client_id, generation: 4 },
    ]);

    // The same clients, in the same order, as parallel arrays in one document.
    const columns = (await admin.client.rpc('admin_client_tree_columns', { merchant_slug: merchant.slug }))
      .data as Record<string, unknown[]>;
    const rows = tree.data as Record<string, unknown>[];
    expect(columns).toEqual(
      Object.fromEntries(
        ['id', 'code', 'name', 'sponsor_id', 'generation'].map((key) => [key, rows.map((row) => row[key])]),
      ),
    );

    // The compact document: no uuids, each sponsor as its position in the arrays.
    const compact = await admin.client.rpc('admin_client_tree_compact', { merchant_slug: merchant.slug });
    expect(compact.data).toEqual({
      code: [root, g1, g2, g3, g4].map((client) => client.client_code),
      name: ['Radice', 'Primo', 'Secondo', 'Terzo', 'Quarto'],
      sponsor: [-1, 0, 1, 2, 3],
      generation: [0, 1, 2, 3, 4],
    });
    const unknown = await admin.client.rpc('admin_client_tree_compact', { merchant_slug: 'nessuno' });
    expect(unknown.data).toEqual({ code: [], name: [], sponsor: [], generation: [] });
  });
});
