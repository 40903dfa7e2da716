import { beforeAll, describe, expect, it } from 'vitest';
import { createStranger } from '../../support/personas.ts';
import type { TestClient } from '../../support/test-server.ts';
import { useTestServer } from '../../support/use-test-server.ts';
import {
  addDays,
  createAdmin,
  expectOk,
  insertReservation,
  openSalon,
  romeInstant,
  romeToday,
  type Salon,
} from '../../support/fixtures.ts';

describe('booking: tenant isolation on real rows', () => {
  const server = useTestServer();
  let m1: Salon;
  let m2: Salon;
  let pending: string;
  let modified: string;
  let rejected: string;
  let outsiders: [string, TestClient][];

  beforeAll(async () => {
    const admin = await createAdmin(server);
    m1 = await openSalon(server, admin, 'Salone Uno');
    m2 = await openSalon(server, admin, 'Salone Due');
    const day = addDays(await romeToday(server), 2);
    pending = await insertReservation(server, m1, { startsAt: romeInstant(day, '10:00') });
    modified = await insertReservation(server, m1, {
      startsAt: romeInstant(day, '11:00'),
      status: 'modificata',
    });
    rejected = await insertReservation(server, m1, {
      startsAt: romeInstant(day, '12:00'),
      status: 'rifiutata',
    });
    await insertReservation(server, m1, { startsAt: romeInstant(day, '13:00'), status: 'confermata' });
    outsiders = [
      ['anon', server.client()],
      ['client of M2', m2.client.client],
      ['merchant M2', m2.owner.client],
      ['admin', admin.client],
      ['stranger', (await createStranger(server)).client],
    ];
  });

  it('shows M2 none of M1’s operators, treatments or reservations', async () => {
    for (const fn of ['list_operators', 'list_treatments', 'merchant_reservations', 'merchant_agenda']) {
      const mine = JSON.stringify(expectOk(await m1.owner.client.rpc(fn, {})));
      const theirs = JSON.stringify(expectOk(await m2.owner.client.rpc(fn, {})));
      expect(mine.length, fn).toBeGreaterThan(2);
      for (const id of [m1.anna, m1.bea, m1.piega, m1.ciglia, pending, modified, rejected]) {
        expect(theirs, fn).not.toContain(id);
      }
    }
    const bookable = JSON.stringify(
      expectOk(await m2.client.client.rpc('bookable_treatments', { merchant_slug: m2.merchant.slug })),
    );
    expect(bookable).not.toContain(m1.piega);
    expect(bookable).not.toContain(m1.anna);
    const own = JSON.stringify(
      expectOk(await m2.client.client.rpc('client_reservations', { merchant_slug: m2.merchant.slug })),
    );
    expect(own).not.toContain(pending);
  });

  it('refuses every client call at M1 to anyone but M1’s clients', async () => {
    const calls: [string, Record<string, unknown>][] = [
      ['bookable_treatments', { merchant_slug: m1.merchant.slug }],
      ['booking_dates', { merchant_slug: m1.merchant.slug }],
      ['free_times', { merchant_slug: m1.merchant.slug, treatment_id: m1.piega, date: '2030-01-01' }],
      ['client_reservations', { merchant_slug: m1.merchant.slug }],
      [
        'book_reservation',
        { merchant_slug: m1.merchant.slug, treatment_id: m1.piega, date: '2030-01-01', time: '10:00' },
      ],
    ];
    for (const [name, client] of outsiders) {
      for (const [fn, args] of calls) {
        const result = await client.rpc(fn, args);
        expect(result.error?.code, `${fn} as ${name}`).toBe('42501');
        expect(result.data, `${fn} as ${name}`).toBeNull();
      }
    }
  });

  it('lets no outsider act on M1’s reservations, operators or treatments', async () => {
    const acts: [string, Record<string, unknown>][] = [
      ['confirm_reservation', { reservation_id: pending }],
      ['modify_reservation', { reservation_id: pending, date: '2030-01-01', time: '10:00', note: 'x' }],
      ['reject_reservation', { reservation_id: pending, reason: 'x' }],
      ['accept_reservation_change', { reservation_id: modified }],
      ['decline_reservation_change', { reservation_id: modified }],
      ['delete_reservation', { reservation_id: rejected }],
      ['update_operator', { operator_id: m1.anna, name: 'Presa' }],
      ['delete_operator', { operator_id: m1.anna }],
      ['delete_treatment', { treatment_id: m1.piega }],
    ];
    for (const [name, client] of outsiders) {
      for (const [fn, args] of acts) {
        const result = await client.rpc(fn, args);
        expect(result.error, `${fn} as ${name}`).not.toBeNull();
        expect([401, 403, 400], `${fn} as ${name}`).toContain(result.status);
        if (result.status === 400) expect(result.error?.message, `${fn} as ${name}`).toMatch(/non trovat/);
      }
    }
    // M2's merchant cannot put M1's operators into its treatments either.
    const stolen = await m2.owner.client.rpc('add_treatment', {
      name: 'Furto',
      description: 'x',
      duration_minutes: 30,
      price: 1,
      operator_ids: [m1.anna],
    });
    expect(stolen.error?.message).toBe('Operatore non trovato');
    // A client of M2 cannot book M1's treatment or operator at its own merchant.
    const crossBook = await m2.client.client.rpc('book_reservation', {
      merchant_slug: m2.merchant.slug,
      treatment_id: m1.piega,
      date: addDays(await romeToday(server), 1),
      time: '10:00',
    });
    expect(crossBook.error?.message).toBe('Trattamento non trovato');
    const crossOperator = await m2.client.client.rpc('book_reservation', {
      merchant_slug: m2.merchant.slug,
      treatment_id: m2.piega,
      operator_id: m1.anna,
      date: addDays(await romeToday(server), 1),
      time: '10:00',
    });
    expect(crossOperator.error?.message).toBe("L'operatore scelto non esegue questo trattamento");

    const { rows } = await server.server.context.db.query<{ status: string }>(
      'select status from app.reservations where id = any($1) order by starts_at',
      [[pending, modified, rejected]],
    );
    expect(rows.map((row) => row.status)).toEqual(['in attesa', 'modificata', 'rifiutata']);
    expect((await m1.owner.client.rpc('list_operators')).data).toHaveLength(2);
    expect((await m1.owner.client.rpc('list_treatments')).data).toHaveLength(2);
  });

  it('keeps the tables themselves out of reach of the api roles', async () => {
    for (const [name, client] of outsiders) {
      const direct = await client.schema('app').from('reservations').select('id');
      expect(direct.data, name).toBeNull();
    }
  });
});
