import { beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  createAdmin,
  expectRefused,
  expectSucceeds,
  insertReservation,
  joinAsClient,
  openSalon,
  registerPurchase,
  romeInstant,
  romeToday,
  type Persona,
  type Salon,
} from '../../support/fixtures.ts';
import { useTestServer } from '../../support/use-test-server.ts';

/** "Anna" followed by a right-to-left override: the rest of the line shows reversed. */
const reversed = 'Anna \u202Eozzerp';
const isolate = 'Nota \u2066nascosta\u2069';
const invisible = '\u200B\u2060\u3164 \u00A0';

const direction = (subject: string) =>
  `${subject} contiene caratteri nascosti che cambiano la direzione del testo: non sono ammessi`;
const onlyInvisible = (subject: string) => `${subject} non può contenere solo spazi o caratteri invisibili`;

describe('names, notes and reasons that cannot deceive their reader (SQL, every path)', () => {
  const server = useTestServer();
  let admin: Persona;
  let salon: Salon;

  const count = async (sql: string, params: unknown[] = []) =>
    Number((await server.server.context.db.query<{ n: number }>(sql, params)).rows[0]!.n);

  beforeAll(async () => {
    admin = await createAdmin(server);
    salon = await openSalon(server, admin, 'Salone Chiaro');
  });

  it('refuses a client who joins with a reversed or an invisible name, and creates nothing', async () => {
    const before = await count('select count(*)::int as n from app.clients');
    for (const [name, message] of [
      [reversed, direction('Il nome')],
      [invisible, onlyInvisible('Il nome')],
    ] as const) {
      expectRefused(
        await server.client().rpc('join_merchant', {
          merchant_slug: salon.merchant.slug,
          name,
          email: `inganno-${Math.random().toString(36).slice(2)}@example.com`,
          password: 'password123',
          privacy_accepted: true,
        }),
        message,
      );
    }
    expect(await count('select count(*)::int as n from app.clients')).toBe(before);
    expect(await count(`select count(*)::int as n from auth.users where email like 'inganno-%'`)).toBe(0);
  });

  it('refuses the salon’s operators, treatments, closures and address with such text', async () => {
    const owner = salon.owner.client;
    expectRefused(
      await owner.rpc('add_operator', { name: reversed, image_path: `${salon.merchant.id}/x.png` }),
      direction("Il nome dell'operatore"),
    );
    expectRefused(
      await owner.rpc('update_operator', { operator_id: salon.anna, name: invisible }),
      onlyInvisible("Il nome dell'operatore"),
    );
    expectRefused(
      await owner.rpc('add_treatment', {
        name: 'Piega \u202Dlunga',
        description: 'Lavaggio',
        duration_minutes: 30,
        price: 20,
      }),
      direction('Il nome del trattamento'),
    );
    expectRefused(
      await owner.rpc('add_treatment', {
        name: 'Piega lunga',
        description: invisible,
        duration_minutes: 30,
        price: 20,
      }),
      onlyInvisible('La descrizione'),
    );
    const from = addDays(await romeToday(server), 40);
    expectRefused(
      await owner.rpc('add_salon_closure', { from_day: from, reason: isolate }),
      direction('Il motivo'),
    );
    expectRefused(
      await owner.rpc('set_salon_address', { address: 'Via Roma \u202E1' }),
      direction("L'indirizzo"),
    );
    expect(
      await count('select count(*)::int as n from app.operators where merchant_id = $1', [salon.merchant.id]),
    ).toBe(2);
    expect(
      await count('select count(*)::int as n from app.treatments where merchant_id = $1', [
        salon.merchant.id,
      ]),
    ).toBe(2);
    expect(
      await count('select count(*)::int as n from app.salon_closures where merchant_id = $1', [
        salon.merchant.id,
      ]),
    ).toBe(0);
  });

  it('refuses a reject reason and a storno reason with direction controls, and changes nothing', async () => {
    const day = addDays(await romeToday(server), 3);
    const reservation = await insertReservation(server, salon, { startsAt: romeInstant(day, '10:00') });
    expectRefused(
      await salon.owner.client.rpc('reject_reservation', { reservation_id: reservation, reason: isolate }),
      direction('Il testo della nota o del motivo'),
    );
    expect(
      (
        await server.server.context.db.query('select status from app.reservations where id = $1', [
          reservation,
        ])
      ).rows,
    ).toEqual([{ status: 'in attesa' }]);

    const purchase = await registerPurchase(salon.owner.client, salon.member.client_code, 40);
    expectRefused(
      await salon.owner.client.rpc('reverse_purchase', {
        movement_id: purchase.movement_id,
        reason: reversed,
      }),
      direction('Il motivo dello storno'),
    );
    expect(
      await count('select count(*)::int as n from app.movements where reversal_of = $1', [
        purchase.movement_id,
      ]),
    ).toBe(0);
  });

  it('refuses a client’s phone written with direction controls', async () => {
    expectRefused(
      await salon.client.client.rpc('update_client_phone', {
        merchant_slug: salon.merchant.slug,
        phone: '333\u202E1234567',
      }),
      direction('Il telefono'),
    );
  });

  it('accepts ordinary Italian text, accents, apostrophes and emoji', async () => {
    const { joined } = await joinAsClient(server, salon.merchant.slug, { name: "Niccolò D'Amico 💅" });
    expect(joined.client_code).toMatch(/^[A-Z]/);
    await expectSucceeds(
      salon.owner.client.rpc('add_treatment', {
        name: 'Manicure semipermanente',
        description: 'Limatura, cuticole e smalto — 45’',
        duration_minutes: 45,
        price: 30,
      }),
    );
  });

  it('leaves rows stored before the rule as they are, and lets their other columns change', async () => {
    const { rows } = await server.server.context.db.query<{ id: string }>(
      `select id from app.clients where merchant_id = $1 and code = $2`,
      [salon.merchant.id, salon.member.client_code],
    );
    const id = rows[0]!.id;
    await server.server.context.db.transaction(async (tx) => {
      await tx.query(`alter table app.clients disable trigger clients_plain_text`);
      await tx.query(`update app.clients set name = $2 where id = $1`, [id, reversed]);
      await tx.query(`alter table app.clients enable trigger clients_plain_text`);
    });
    await registerPurchase(salon.owner.client, salon.member.client_code, 10);
    expect(
      (await server.server.context.db.query('select name from app.clients where id = $1', [id])).rows,
    ).toEqual([{ name: reversed }]);
  });
});
