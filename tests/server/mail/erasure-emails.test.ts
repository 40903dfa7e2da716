import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  createAdmin,
  expectSucceeds,
  joinAsClient,
  openSalon,
  romeToday,
  type Answer,
  type Persona,
  type Salon,
} from '../../support/fixtures.ts';
import { mailbox } from '../../support/mailbox.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

async function eventually<T>(read: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('Timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('an erased client gets no e-mail and the outbox forgets her', () => {
  let server: TestServer;
  let salon: Salon;
  let carla: Persona;
  let carlaClientId: string;
  let today: string;

  beforeAll(async () => {
    server = await startTestServer({ config: { outboxIntervalMs: 100 } });
    salon = await openSalon(server, await createAdmin(server), 'Salone Oblio');
    today = await romeToday(server);
    const joined = await joinAsClient(server, salon.merchant.slug, { name: 'Carla Dimenticata' });
    carla = joined.persona;
    carlaClientId = joined.joined.client_id;
  });
  afterAll(() => server?.stop());

  const db = () => server.server.context.db;
  const book = async (who: Persona, daysAhead: number, time: string) => {
    const { id } = await expectSucceeds<Answer>(
      who.client.rpc('book_reservation', {
        merchant_slug: salon.merchant.slug,
        treatment_id: salon.piega,
        operator_id: salon.anna,
        date: addDays(today, daysAhead),
        time,
      }),
    );
    // The salon's new requests wait a few minutes to go as one e-mail: here they go at once.
    await db().query(
      `update app.notification_outbox set send_after = now() where kind = 'new_request' and sent_at is null`,
    );
    return id!;
  };
  const mailTo = (address: string) => mailbox(server.mailUrl).to(address);
  /** How many requests the salon's e-mails announced (a grouped one lists several). */
  const requestsToSalon = async () =>
    (await mailTo(salon.owner.email))
      .map((message) =>
        message.Subject.startsWith('Nuova richiesta')
          ? 1
          : Number(/^(\d+) nuove richieste/.exec(message.Subject)?.[1] ?? 0),
      )
      .reduce((sum, count) => sum + count, 0);
  /** Every outbox row that still names her or holds her address, anywhere in it. */
  const rowsMentioning = async (text: string) =>
    (
      await db().query<{ kind: string }>(
        `select n.kind from app.notification_outbox n where strpos(lower(n::text), lower($1)) > 0`,
        [text],
      )
    ).rows;

  it('sends nothing to her address after the erasure, not even the cancellations it makes', async () => {
    const confirmed = await book(carla, 3, '10:30');
    const pending = await book(carla, 4, '11:00');
    await expectSucceeds(salon.owner.client.rpc('confirm_reservation', { reservation_id: confirmed }));
    // The confirmation reached her and the salon heard of both requests; the reminder waits its time.
    const before = await eventually(async () => {
      const received = await mailTo(carla.email);
      const confirmedToHer = received.some((message) =>
        message.Subject.startsWith('Appuntamento confermato'),
      );
      return confirmedToHer && (await requestsToSalon()) === 2 ? received : undefined;
    });
    expect((await rowsMentioning(carla.email)).map((row) => row.kind).sort()).toEqual([
      'address_confirmation',
      'confirmation',
      'reminder',
    ]);

    await expectSucceeds(
      carla.client.rpc('erase_my_account', { merchant_slug: salon.merchant.slug, confirmation: 'ELIMINA' }),
    );
    const statuses = await db().query<{ id: string; status: string }>(
      'select id, status from app.reservations where client_id = $1 order by starts_at',
      [carlaClientId],
    );
    expect(statuses.rows).toEqual([
      { id: confirmed, status: 'annullata' },
      { id: pending, status: 'annullata' },
    ]);

    // Another customer's request is sent after anything the erasure could have queued.
    await book(salon.client, 5, '12:00');
    await eventually(async () => ((await requestsToSalon()) === 3 ? true : undefined));
    await eventually(async () => {
      const { rows } = await db().query('select 1 from app.notification_outbox where sent_at is null');
      return rows.length === 0 ? true : undefined;
    });
    expect(await mailTo(carla.email)).toEqual(before);
  });

  it('keeps no name or address of hers in the outbox, only what was sent, anonymised', async () => {
    expect(await rowsMentioning(carla.email)).toEqual([]);
    expect(await rowsMentioning('Carla Dimenticata')).toEqual([]);
    const { rows } = await db().query<{
      kind: string;
      recipient: string;
      client_name: string;
      sent: boolean;
    }>(
      `select n.kind, n.recipient, n.payload ->> 'client_name' as client_name, n.sent_at is not null as sent
         from app.notification_outbox n join app.reservations r on r.id = n.reservation_id
        where r.client_id = $1 order by n.kind, n.recipient`,
      [carlaClientId],
    );
    expect(rows).toEqual([
      { kind: 'confirmation', recipient: 'Cliente rimosso', client_name: 'Cliente rimosso', sent: true },
      { kind: 'new_request', recipient: salon.owner.email, client_name: 'Cliente rimosso', sent: true },
      { kind: 'new_request', recipient: salon.owner.email, client_name: 'Cliente rimosso', sent: true },
    ]);
  });
});
