import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, createAdmin, openSalon, romeToday, type Salon } from '../../support/fixtures.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

/** Every key the public page may carry, at each level: anything else is a leak. */
const pageKeys = [
  'address',
  'closures',
  'logo_url',
  'name',
  'opening_hours',
  'operators',
  'phone',
  'slug',
  'treatments',
];
const treatmentKeys = ['description', 'duration_minutes', 'id', 'name', 'price'];
const operatorKeys = ['image_url', 'name'];
const closureKeys = ['day', 'reason'];
const hoursKeys = ['closes', 'opens', 'weekday'];

interface Page {
  slug: string;
  name: string;
  address: string | null;
  phone: string;
  logo_url: string | null;
  opening_hours: { weekday: number; opens: string; closes: string }[];
  closures: { day: string; reason: string | null }[];
  treatments: { id: string; name: string; price: number; duration_minutes: number }[];
  operators: { name: string; image_url: string | null }[];
}

describe("a salon's public page for anyone (api.salon_public_page)", () => {
  let server: TestServer;
  let salon: Salon;
  let today: string;

  const pageAsAnon = (merchantSlug: unknown) =>
    server.client().rpc('salon_public_page', { merchant_slug: merchantSlug });

  beforeAll(async () => {
    server = await startTestServer();
    const admin = await createAdmin(server);
    salon = await openSalon(server, admin, 'Salone Aurora');
    const { owner } = salon;
    today = await romeToday(server);
    const calls: [string, Record<string, unknown>][] = [
      ['set_salon_address', { address: 'Via Roma 1, Milano' }],
      [
        'set_opening_hours',
        {
          hours: [
            { weekday: 2, opens: '09:00', closes: '13:00' },
            { weekday: 2, opens: '14:00', closes: '19:00' },
            { weekday: 6, opens: '09:00', closes: '17:00' },
          ],
        },
      ],
      ['add_salon_closure', { from_day: addDays(today, 3), reason: 'Ferie' }],
      ['add_salon_closure', { from_day: addDays(today, 120) }],
    ];
    for (const [fn, args] of calls) {
      const { error } = await owner.client.rpc(fn, args);
      if (error) throw new Error(`${fn}: ${error.message}`);
    }
    await server.server.context.db.query(
      `insert into app.salon_closures (merchant_id, day) values ($1, $2::date)`,
      [salon.merchant.id, addDays(today, -2)],
    );
  });
  afterAll(() => server?.stop());

  it('gives an anonymous visitor the salon, its hours, closures ahead, treatments and operators', async () => {
    const { data, error, status } = await pageAsAnon(` ${salon.merchant.slug.toUpperCase()} `);
    expect(error).toBeNull();
    expect(status).toBe(200);
    const page = data as Page;
    expect(page).toMatchObject({
      slug: salon.merchant.slug,
      name: 'Salone Aurora',
      address: 'Via Roma 1, Milano',
      phone: '0612345678',
      logo_url: null,
    });
    expect(page.opening_hours).toEqual([
      { weekday: 2, opens: '09:00', closes: '13:00' },
      { weekday: 2, opens: '14:00', closes: '19:00' },
      { weekday: 6, opens: '09:00', closes: '17:00' },
    ]);
    // Past days and those beyond 90 days are not "ahead".
    expect(page.closures).toEqual([{ day: addDays(today, 3), reason: 'Ferie' }]);
    expect(page.treatments).toEqual([
      {
        id: salon.ciglia,
        name: 'Ciglia',
        description: 'Laminazione ciglia',
        duration_minutes: 30,
        price: 40.5,
      },
      { id: salon.piega, name: 'Piega', description: 'Lavaggio e piega', duration_minutes: 60, price: 25 },
    ]);
    expect(page.operators).toEqual([
      { name: 'Anna', image_url: `${salon.merchant.id}/anna.png` },
      { name: 'Bea', image_url: `${salon.merchant.id}/bea.png` },
    ]);
  });

  it('carries only allow-listed keys: no e-mail, no client count, no operator or merchant ids', async () => {
    const page = (await pageAsAnon(salon.merchant.slug)).data as Record<string, unknown> & Page;
    const keysOf = (value: object) => Object.keys(value).sort();
    expect(keysOf(page)).toEqual(pageKeys);
    for (const treatment of page.treatments) expect(keysOf(treatment)).toEqual(treatmentKeys);
    for (const operator of page.operators) expect(keysOf(operator)).toEqual(operatorKeys);
    for (const closure of page.closures) expect(keysOf(closure)).toEqual(closureKeys);
    for (const range of page.opening_hours) expect(keysOf(range)).toEqual(hoursKeys);
    // The photos' public object paths sit in the salon's folder; nothing else names the salon's id.
    const text = JSON.stringify({ ...page, operators: page.operators.map((operator) => operator.name) });
    expect(text).not.toContain(salon.merchant.id);
    expect(text).not.toContain(salon.anna);
    expect(text).not.toContain(salon.member.client_code);
    expect(text).not.toContain('@');
  });

  it("shows the salon's logo and the 09:00-19:00 default when the salon set no hours", async () => {
    const admin = await createAdmin(server);
    const { merchant } = await openSalon(server, admin, 'Salone Brezza');
    await server.server.context.db.query(
      `insert into storage.objects (bucket_id, name) values ('loghi', $1)`,
      [`${merchant.slug}.png`],
    );
    const page = (await pageAsAnon(merchant.slug)).data as Page;
    expect(page.logo_url).toBe(`${merchant.slug}.png`);
    expect(page.address).toBeNull();
    expect(page.opening_hours).toEqual(
      [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens: '09:00', closes: '19:00' })),
    );
  });

  it('answers null for a salon that does not exist, and for no slug at all', async () => {
    for (const slug of ['nessuno', '', null, "x' or 1=1 --"]) {
      const { data, error, status } = await pageAsAnon(slug);
      expect(error).toBeNull();
      expect(status).toBe(200);
      expect(data).toBeNull();
    }
  });

  it('gives the same page to a signed-in client of the salon', async () => {
    const asClient = await salon.client.client.rpc('salon_public_page', {
      merchant_slug: salon.merchant.slug,
    });
    expect(asClient.error).toBeNull();
    expect(asClient.data).toEqual((await pageAsAnon(salon.merchant.slug)).data);
  });
});
