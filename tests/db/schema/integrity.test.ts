import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail, type Persona } from '../../support/personas.ts';
import { useTestServer } from '../../support/use-test-server.ts';
import { createAdmin, openSalon, type Salon } from '../../support/fixtures.ts';

/** NaN and the infinities, as JSON carries them to a numeric parameter. */
const notFinite = ['NaN', 'Infinity', '-Infinity'];

describe('integrity: no NaN or infinity, bounded amounts and texts (SQL)', () => {
  const server = useTestServer();
  let admin: Persona;
  let salon: Salon;

  const sql = async <Row>(text: string, params: unknown[] = []) =>
    (await server.server.context.db.query<Row>(text, params)).rows;
  const count = async (text: string) => Number((await sql<{ n: number }>(text))[0]!.n);
  const merchant = (fn: string, args: Record<string, unknown>) => salon.owner.client.rpc(fn, args);

  /** The call is refused with this SQLSTATE and Italian message, as HTTP 400. */
  const expectRefusal = (
    answer: { error: { code: string; message: string } | null; status: number },
    code: string,
    message: string,
  ) => {
    expect(answer.error?.message).toBe(message);
    expect(answer.error?.code).toBe(code);
    expect(answer.status).toBe(400);
  };

  beforeAll(async () => {
    admin = await createAdmin(server);
    salon = await openSalon(server, admin, 'Salone Integro');
  });

  it('register_purchase refuses NaN and infinities with 22023, and stores nothing', async () => {
    const before = await count('select count(*)::int as n from app.movements');
    for (const value of notFinite) {
      expectRefusal(
        await merchant('register_purchase', {
          client_code: salon.member.client_code,
          spend: value,
          discount: 0,
        }),
        '22023',
        "L'importo di spesa non è un numero valido",
      );
      expectRefusal(
        await merchant('register_purchase', {
          client_code: salon.member.client_code,
          spend: 10,
          discount: value,
        }),
        '22023',
        'Lo sconto da utilizzare non è un numero valido',
      );
    }
    expect(await count('select count(*)::int as n from app.movements')).toBe(before);
    expect(await count(`select count(*)::int as n from app.clients where available_credit = 'NaN'`)).toBe(0);
  });

  it('register_purchase caps the spend at € 100.000,00 with an Italian message, never a raw overflow', async () => {
    for (const spend of ['100000.01', '12345678901234567890', 1e30]) {
      expectRefusal(
        await merchant('register_purchase', { client_code: salon.member.client_code, spend, discount: 0 }),
        '22023',
        "L'importo di spesa non può superare € 100.000,00",
      );
    }
    const { data, error } = await merchant('register_purchase', {
      client_code: salon.member.client_code,
      spend: 100000,
      discount: 0,
    });
    expect(error).toBeNull();
    expect((data as { net: number }).net).toBe(100000);
  });

  it('set_percentages refuses NaN and infinities; the stored ones stay finite', async () => {
    for (const value of notFinite) {
      expectRefusal(
        await merchant('set_percentages', { personal: value, sponsor1: 1, sponsor2: 1, sponsor3: 1 }),
        '22023',
        'Le percentuali devono essere numeri validi',
      );
    }
    const rows = await sql<{ personal: string }>(
      'select personal::text from app.percentages where merchant_id = $1',
      [salon.merchant.id],
    );
    expect(rows[0]!.personal).toBe('5');
  });

  it('add_treatment bounds price (finite, € 0 – 10.000) and duration (5 – 600 minutes)', async () => {
    const form = { name: 'Pulizia viso', description: 'Pulizia profonda', duration_minutes: 45, price: 30 };
    for (const price of notFinite) {
      expectRefusal(await merchant('add_treatment', { ...form, price }), '22023', 'Il prezzo non è valido');
    }
    for (const price of [10000.01, '99999999999999999999']) {
      expectRefusal(
        await merchant('add_treatment', { ...form, price }),
        '22023',
        'Il prezzo deve essere compreso tra € 0,00 e € 10.000,00',
      );
    }
    for (const duration_minutes of [4, 601]) {
      expectRefusal(
        await merchant('add_treatment', { ...form, duration_minutes }),
        '22023',
        'La durata deve essere compresa tra 5 e 600 minuti',
      );
    }
    expect(
      (await merchant('add_treatment', { ...form, duration_minutes: 600, price: 10000 })).error,
    ).toBeNull();
  });

  it('refuses texts over their maximum length with 22001 and an Italian message', async () => {
    const long = (length: number) => 'x'.repeat(length);
    const join = (args: Record<string, unknown>) =>
      server.client().rpc('join_merchant', {
        merchant_slug: salon.merchant.slug,
        privacy_accepted: true,
        name: 'Lia Neri',
        email: uniqueEmail('lia'),
        password: 'password123',
        ...args,
      });
    expectRefusal(await join({ name: long(101) }), '22001', 'Il nome può contenere al massimo 100 caratteri');
    expectRefusal(
      await join({ name: long(900_000) }),
      '22001',
      'Il nome può contenere al massimo 100 caratteri',
    );
    expectRefusal(
      await join({ phone: long(50_000) }),
      '22001',
      'Il telefono può contenere al massimo 30 caratteri',
    );
    expectRefusal(
      await join({ email: `${long(250)}@example.test` }),
      '22001',
      "L'email può contenere al massimo 254 caratteri",
    );
    expectRefusal(
      await join({ password: long(73) }),
      '22001',
      'La password può contenere al massimo 72 caratteri',
    );

    const create = (args: Record<string, unknown>) =>
      admin.client.rpc('admin_create_merchant', {
        name: 'Salone Nuovo',
        phone: '061234',
        email: uniqueEmail('nuovo'),
        password: 'password123',
        ...args,
      });
    expectRefusal(
      await create({ name: long(3500) }),
      '22001',
      'Il nome può contenere al massimo 100 caratteri',
    );
    expectRefusal(
      await create({ phone: long(31) }),
      '22001',
      'Il telefono può contenere al massimo 30 caratteri',
    );
    expectRefusal(
      await create({ website: `https://${long(250)}.it` }),
      '22001',
      'Il sito web può contenere al massimo 255 caratteri',
    );

    expectRefusal(
      await salon.client.client.rpc('update_client_phone', {
        merchant_slug: salon.merchant.slug,
        phone: long(31),
      }),
      '22001',
      'Il telefono può contenere al massimo 30 caratteri',
    );
    expectRefusal(
      await merchant('add_operator', { name: long(101), image_path: `${salon.merchant.id}/x.png` }),
      '22001',
      "Il nome dell'operatore può contenere al massimo 100 caratteri",
    );
    expectRefusal(
      await merchant('update_operator', { operator_id: salon.anna, name: long(101) }),
      '22001',
      "Il nome dell'operatore può contenere al massimo 100 caratteri",
    );
    const treatment = { name: 'Ceretta', description: 'Gambe', duration_minutes: 30, price: 20 };
    expectRefusal(
      await merchant('add_treatment', { ...treatment, name: long(101) }),
      '22001',
      'Il nome del trattamento può contenere al massimo 100 caratteri',
    );
    expectRefusal(
      await merchant('add_treatment', { ...treatment, description: long(1001) }),
      '22001',
      'La descrizione può contenere al massimo 1000 caratteri',
    );

    expect(await count(`select count(*)::int as n from app.clients where char_length(name) > 100`)).toBe(0);
    expect(await count(`select count(*)::int as n from app.merchants where char_length(name) > 100`)).toBe(0);
  });

  it('bounds pages and date filters instead of overflowing', async () => {
    expectRefusal(
      await merchant('merchant_clients', { page: 2147483647, page_size: 1000 }),
      'P0001',
      'Pagina non valida',
    );
    expectRefusal(
      await merchant('merchant_movements', { page: 2147483647, page_size: 1000 }),
      'P0001',
      'Pagina non valida',
    );
    for (const date of ['5874897-12-31', 'infinity', '1999-12-31']) {
      expectRefusal(await merchant('merchant_movements', { date_to: date }), '22023', 'Data non valida');
      expectRefusal(await merchant('merchant_movements', { date_from: date }), '22023', 'Data non valida');
    }
    expect((await merchant('merchant_clients', { page: 1000000, page_size: 1000 })).error).toBeNull();
  });

  it('CHECK constraints refuse NaN and oversized values on every path, even direct SQL', async () => {
    const client = salon.member.client_id;
    const merchantId = salon.merchant.id;
    const refusals: [string, unknown[]][] = [
      [`update app.clients set available_credit = 'NaN' where id = $1`, [client]],
      [`update app.clients set name = repeat('x', 101) where id = $1`, [client]],
      [`update app.clients set phone = repeat('1', 31) where id = $1`, [client]],
      [`update app.clients set email = repeat('x', 255) where id = $1`, [client]],
      [`update app.merchants set name = repeat('x', 101) where id = $1`, [merchantId]],
      [`update app.merchants set website = repeat('x', 256) where id = $1`, [merchantId]],
      [`update app.percentages set personal = 'NaN' where merchant_id = $1`, [merchantId]],
      [
        `insert into app.movements (merchant_id, client_id, spend, discount) values ($1, $2, 'NaN', 0)`,
        [merchantId, client],
      ],
      [
        `insert into app.movements (merchant_id, client_id, spend, discount) values ($1, $2, 100000.01, 0)`,
        [merchantId, client],
      ],
      [
        `insert into app.credit_ledger (merchant_id, client_id, kind, amount) values ($1, $2, 'generation0', 'NaN')`,
        [merchantId, client],
      ],
      [`update app.treatments set price = 'NaN' where id = $1`, [salon.piega]],
      [`update app.treatments set duration_minutes = 601 where id = $1`, [salon.piega]],
      [`update app.treatments set description = repeat('x', 1001) where id = $1`, [salon.piega]],
      [`update app.operators set name = repeat('x', 101) where id = $1`, [salon.anna]],
      [
        `insert into app.reservations (merchant_id, client_id, treatment_name, starts_at, ends_at, notes)
         values ($1, $2, 'Piega', now(), now() + interval '1 hour', repeat('x', 501))`,
        [merchantId, client],
      ],
    ];
    for (const [statement, params] of refusals) {
      await expect(sql(statement, params), statement).rejects.toMatchObject({ code: '23514' });
    }
  });
});
