import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import {
  addDays,
  createAdmin,
  expectOk,
  expectRefused,
  joinAsClient,
  openSalon,
  romeToday,
  type Answer,
  type Salon,
} from '../../support/fixtures.ts';

/** A repeated tap is the same request; one customer's open requests at a salon are capped. */
describe('booking: one tap is one request, and one customer cannot bury a salon', () => {
  let server: TestServer;
  let salon: Salon;
  let today: string;

  beforeAll(async () => {
    server = await startTestServer();
    salon = await openSalon(server, await createAdmin(server), 'Salone Una Volta');
    today = await romeToday(server);
  });
  afterAll(() => server?.stop());

  const db = () => server.server.context.db;
  const request = (daysAhead: number, time: string, operatorId: string | null = salon.anna) =>
    salon.client.client.rpc('book_reservation', {
      merchant_slug: salon.merchant.slug,
      treatment_id: salon.piega,
      operator_id: operatorId,
      date: addDays(today, daysAhead),
      time,
    });
  const count = async (sql: string) =>
    Number((await db().query<{ n: string }>(sql, [salon.merchant.id])).rows[0]!.n);
  const reservations = () => count(`select count(*) as n from app.reservations where merchant_id = $1`);
  const newRequestEmails = () =>
    count(
      `select count(*) as n from app.notification_outbox n join app.reservations r on r.id = n.reservation_id
        where r.merchant_id = $1 and n.kind = 'new_request'`,
    );
  const setLimit = async (requests: number) =>
    expectOk(await salon.owner.client.rpc('set_max_open_requests', { requests }));
  const clear = () => db().query(`delete from app.reservations where merchant_id = $1`, [salon.merchant.id]);

  it('answers a double tap with the first request: one row, one e-mail to the salon', async () => {
    await clear();
    const first = expectOk<Answer>(await request(3, '10:00'));
    const second = expectOk<Answer>(await request(3, '10:00'));
    expect(second).toEqual(first);
    expect(await reservations()).toBe(1);
    expect(await newRequestEmails()).toBe(1);
    // Another operator choice is another request.
    const anyOperator = expectOk<Answer>(await request(3, '10:00', null));
    expect(anyOperator.id).not.toBe(first.id);
    expect(await reservations()).toBe(2);
  });

  it('saves one request for 10 identical calls racing', async () => {
    await clear();
    await Promise.all(
      Array.from({ length: 10 }, () =>
        salon.client.client.rpc('booking_days', {
          merchant_slug: salon.merchant.slug,
        }),
      ),
    );
    const answers = await Promise.all(Array.from({ length: 10 }, () => request(4, '11:00')));
    const ids = answers.map((answer) => expectOk<Answer>(answer).id);
    expect(new Set(ids).size).toBe(1);
    expect(await reservations()).toBe(1);
  });

  it('refuses the request beyond the default three open ones, naming the limit, and saves nothing', async () => {
    await clear();
    await db().query(`update app.merchants set max_open_requests = default where id = $1`, [
      salon.merchant.id,
    ]);
    expect(
      expectOk<{ max_open_requests: number }>(await salon.owner.client.rpc('booking_settings')),
    ).toMatchObject({ max_open_requests: 3 });
    const proposed = expectOk<Answer>(await request(5, '10:00')).id!;
    expectOk(await request(5, '11:00'));
    const third = expectOk<Answer>(await request(5, '12:00')).id!;
    // A change awaiting her answer is still open.
    expectOk(
      await salon.owner.client.rpc('modify_reservation', {
        reservation_id: proposed,
        date: addDays(today, 6),
        time: '10:00',
        note: 'Va bene un giorno dopo?',
      }),
    );
    const refused = await request(5, '15:00');
    expectRefused(
      refused,
      'Hai già 3 richieste in attesa in questo salone: attendi una risposta o annullane una',
    );
    expect(await reservations()).toBe(3);
    expect(await newRequestEmails()).toBe(3);
    // Asking again for one she has is still the same request, not a refusal.
    expect(expectOk<Answer>(await request(5, '12:00')).id).toBe(third);
    // Once one is answered or cancelled, she may ask again.
    expectOk(await salon.client.client.rpc('cancel_reservation', { reservation_id: third }));
    expectOk(await request(5, '15:00'));
    expect(await reservations()).toBe(4);
  });

  it('follows the salon’s setting', async () => {
    await clear();
    await setLimit(1);
    expectOk(await request(7, '10:00'));
    expectRefused(
      await request(7, '11:00'),
      'Hai già una richiesta in attesa in questo salone: attendi una risposta o annullala',
    );
    // Her limit is hers: another customer of the salon still books.
    const other = (await joinAsClient(server, salon.merchant.slug, { name: 'Marta Neri' })).persona;
    expectOk(
      await other.client.rpc('book_reservation', {
        merchant_slug: salon.merchant.slug,
        treatment_id: salon.piega,
        operator_id: salon.bea,
        date: addDays(today, 7),
        time: '11:00',
      }),
    );
    await db().query(`delete from app.reservations where client_id <> $1`, [salon.member.client_id]);
    await setLimit(2);
    expectOk(await request(7, '11:00'));
    expectRefused(
      await request(7, '12:00'),
      'Hai già 2 richieste in attesa in questo salone: attendi una risposta o annullane una',
    );
    expect(await reservations()).toBe(2);
    expect(
      expectOk<{ max_open_requests: number }>(await salon.owner.client.rpc('booking_settings')),
    ).toMatchObject({ max_open_requests: 2 });
    for (const requests of [0, 101, null]) {
      expectRefused(
        await salon.owner.client.rpc('set_max_open_requests', { requests }),
        'Le richieste aperte per cliente devono essere tra 1 e 100',
      );
    }
  });
});
