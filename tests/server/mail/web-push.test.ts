import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../../server/mail/mailer.ts';
import { drainOutbox, type DrainOptions } from '../../../server/mail/outbox-drainer.ts';
import { createAdmin, expectOk, insertReservation, openSalon, type Salon } from '../../support/fixtures.ts';
import {
  decryptPush,
  startPushEndpoint,
  type PushEndpoint,
  type TestSubscription,
} from '../../support/push-endpoint.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

/** Phone notifications: the outbox's 'push' rows reach a push service encrypted for her browser alone. */
describe('notifications: Web Push from the outbox', () => {
  let server: TestServer;
  let endpoint: PushEndpoint;
  let salon: Salon;
  let options: DrainOptions;

  beforeAll(async () => {
    server = await startTestServer();
    endpoint = await startPushEndpoint();
    salon = await openSalon(server, await createAdmin(server), 'Salone Aurora');
    options = {
      sender: { Name: 'Passaparola', Address: 'no-reply@passaparola.local' },
      siteUrl: 'https://prenota.example.com',
      push: { vapid: server.server.context.vapid, agent: endpoint.agent },
    };
  });
  afterAll(async () => {
    await endpoint?.close();
    await server?.stop();
  });

  const db = () => server.server.context.db;
  const drain = () => drainOutbox(db(), createMailer({}), options);
  const subscribe = async (persona: Salon['client'], path: string): Promise<TestSubscription> => {
    const subscription = endpoint.subscription(path);
    expectOk(
      await persona.client.rpc('save_push_subscription', {
        endpoint: subscription.endpoint,
        p256dh: subscription.p256dh,
        auth: subscription.auth,
      }),
    );
    return subscription;
  };
  const receivedAt = (path: string) => endpoint.received.filter((push) => push.path === path);
  let daysAhead = 3;
  const confirmed = async () => {
    daysAhead += 2;
    const startsAt = `now() + make_interval(days => ${daysAhead})`;
    const id = await insertReservation(server, salon, { startsAt });
    expectOk(await salon.owner.client.rpc('confirm_reservation', { reservation_id: id }));
    return id;
  };

  it('sends her confirmation encrypted for her browser, signed with the VAPID key the app publishes', async () => {
    const phone = await subscribe(salon.client, '/push/giulia');
    await confirmed();
    await drain();

    const [push] = receivedAt('/push/giulia');
    expect(push).toBeDefined();
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(push!.headers['ttl']).toBe(String(24 * 3600));
    expect(push!.headers['authorization']).toContain(`k=${server.server.context.vapid.publicKey}`);
    expect(JSON.parse(decryptPush(phone, push!.body))).toEqual({
      title: 'Salone Aurora: prenotazione confermata',
      body: expect.stringMatching(/^Piega, \d{2}-\d{2}-\d{4} alle \d{2}:\d{2}$/),
      url: '/client/prenota',
    });

    const config = await (await fetch(`${server.url}/config.js`)).text();
    expect(config).toContain(`"vapidPublicKey":"${server.server.context.vapid.publicKey}"`);
  });

  it('tells the salon of a new request on its phone, opening its bookings', async () => {
    const phone = await subscribe(salon.owner, '/push/salone');
    await insertReservation(server, salon, { startsAt: `now() + interval '4 days'` });
    await drain();
    const [push] = receivedAt('/push/salone');
    expect(JSON.parse(decryptPush(phone, push!.body))).toMatchObject({
      title: 'Nuova richiesta di prenotazione',
      body: expect.stringContaining('Giulia Verdi: Piega, '),
      url: '/dashboard/prenotazioni',
    });
    expectOk(await salon.owner.client.rpc('delete_push_subscription', { endpoint: phone.endpoint }));
  });

  it('retries a push service that fails, as an e-mail, and forgets a subscription answered 410', async () => {
    await db().query(`update app.notification_outbox set sent_at = now() where sent_at is null`);
    const phone = await subscribe(salon.client, '/push/giulia-old');
    endpoint.answers.set('/push/giulia-old', 500);
    const reservation = await confirmed();
    expect(await drain()).toMatchObject({ failed: 1 });
    const { rows: failed } = await db().query<{ attempts: number; last_error: string }>(
      `select attempts, last_error from app.notification_outbox
        where reservation_id = $1 and channel = 'push' and kind = 'confirmation'
          and recipient = (select id::text from app.push_subscriptions where endpoint = $2)`,
      [reservation, phone.endpoint],
    );
    expect(failed).toEqual([{ attempts: 1, last_error: expect.stringContaining('500') }]);

    endpoint.answers.set('/push/giulia-old', 410);
    await db().query(`update app.notification_outbox set send_after = now() where sent_at is null`);
    expect(await drain()).toMatchObject({ failed: 0 });
    const { rows } = await db().query(`select 1 from app.push_subscriptions where endpoint = $1`, [
      phone.endpoint,
    ]);
    expect(rows).toEqual([]);
    const attempts = receivedAt('/push/giulia-old').length;
    await confirmed();
    await drain();
    expect(receivedAt('/push/giulia-old')).toHaveLength(attempts);
  });
});
