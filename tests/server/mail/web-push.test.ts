import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import webPush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultMigrationsFolder } from '../../../server/config.ts';
import { applyMigrations } from '../../../server/db/migrations.ts';
import { openPostgres } from '../../../server/db/postgres.ts';
import { createMailer } from '../../../server/mail/mailer.ts';
import { drainOutbox, type DrainOptions } from '../../../server/mail/outbox-drainer.ts';
import { createAdmin, expectOk, insertReservation, openSalon, type Salon } from '../../support/fixtures.ts';
import {
  decryptPush,
  startPushEndpoint,
  type PushEndpoint,
  type TestSubscription,
} from '../../support/push-endpoint.ts';
import { startFakeSmtp } from '../../support/fake-smtp.ts';
import {
  createSupabaseShapedDatabase,
  type SupabaseShapedDatabase,
} from '../../support/supabase-shaped-database.ts';
import { testDatabaseKind } from '../../support/test-database.ts';
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

  it('tells her on the phone, once, when her request expires unanswered, beside the e-mail', async () => {
    const phone = await subscribe(salon.client, '/push/giulia-scaduta');
    const expired = await insertReservation(server, salon, { startsAt: `now() - interval '10 minutes'` });
    await drain();
    const pushes = receivedAt('/push/giulia-scaduta');
    expect(pushes).toHaveLength(1);
    expect(JSON.parse(decryptPush(phone, pushes[0]!.body))).toEqual({
      title: 'Salone Aurora: richiesta scaduta',
      body: expect.stringMatching(/^Piega, \d{2}-\d{2}-\d{4} alle \d{2}:\d{2}$/),
      url: '/client/prenota',
    });
    const { rows } = await db().query<{ channel: string }>(
      `select channel from app.notification_outbox where reservation_id = $1 and kind = 'expiry' order by channel`,
      [expired],
    );
    expect(rows.map((row) => row.channel)).toEqual(['email', 'push', 'push']);
    await drain();
    expect(receivedAt('/push/giulia-scaduta')).toHaveLength(1);
  });
});

/** Hosted Supabase: `npm run mail:drain` with the VAPID pair, on a database the migrations alone built. */
describe.skipIf(testDatabaseKind !== 'postgres')(
  'notifications: mail:drain sends phone notifications',
  () => {
    let database: SupabaseShapedDatabase;
    let endpoint: PushEndpoint;
    let folder: string;

    beforeAll(async () => {
      database = await createSupabaseShapedDatabase();
      endpoint = await startPushEndpoint();
      folder = mkdtempSync(join(tmpdir(), 'mail-drain-'));
    });
    afterAll(async () => {
      await endpoint?.close();
      await database?.drop();
      if (folder) rmSync(folder, { recursive: true, force: true });
    });

    it('drains her confirmation to her phone, encrypted, with the VAPID pair of the environment', async () => {
      const db = await openPostgres(database.url);
      const phone = endpoint.subscription('/push/hosted');
      try {
        // What `supabase db push` records its migrations in, then the migrations themselves.
        await db.exec(`create schema supabase_migrations;
        create table supabase_migrations.schema_migrations (version text primary key, statements text[], name text);`);
        await applyMigrations(db, [defaultMigrationsFolder]);
        await db.query(
          `with account as (
           insert into auth.users (id, email, aud, role) values (gen_random_uuid(), 'marta@cliente.test', 'authenticated', 'authenticated')
           returning id),
         salon as (
           insert into app.merchants (slug, name, email, phone, code_prefix)
           values ('remoto', 'Salone Remoto', 'remoto@salone.test', '011 555 0101', 'RM') returning id),
         customer as (
           insert into app.clients (merchant_id, user_id, code, name, email)
           select salon.id, account.id, 'RM0001', 'Marta Neri', 'marta@cliente.test' from salon, account
           returning id, merchant_id, user_id),
         operator as (insert into app.operators (merchant_id, name) select id, 'Anna' from salon returning id),
         phone as (
           insert into app.push_subscriptions (user_id, endpoint, p256dh, auth)
           select user_id, $1, $2, $3 from customer returning 1)
         insert into app.reservations (merchant_id, client_id, operator_id, treatment_name, starts_at, ends_at)
         select customer.merchant_id, customer.id, operator.id, 'Piega', now() + interval '3 days',
                now() + interval '3 days 1 hour'
           from customer, operator, (select count(*) from phone) as saved`,
          [phone.endpoint, phone.p256dh, phone.auth],
        );
        await db.query(`update app.reservations set status = 'confermata'`);
        // The salon's new requests wait a few minutes to go as one e-mail: this one goes now.
        await db.query(`update app.notification_outbox set send_after = now() where kind = 'new_request'`);
      } finally {
        await db.close();
      }
      const vapid = webPush.generateVAPIDKeys();
      const caFile = join(folder, 'push-ca.pem');
      writeFileSync(caFile, endpoint.certificate);
      const smtp = await startFakeSmtp();
      const root = new URL('../../..', import.meta.url).pathname;
      try {
        const output = await new Promise<string>((resolve, reject) => {
          execFile(
            join(root, 'node_modules/.bin/tsx'),
            ['scripts/mail-drain.ts'],
            {
              cwd: root,
              env: {
                ...process.env,
                DATABASE_URL: database.url,
                SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
                SITE_URL: 'https://prenota.example.com',
                VAPID_PUBLIC_KEY: vapid.publicKey,
                VAPID_PRIVATE_KEY: vapid.privateKey,
                VAPID_SUBJECT: 'mailto:titolare@example.com',
                NODE_EXTRA_CA_CERTS: caFile,
              },
            },
            (error, stdout, stderr) =>
              error ? reject(new Error(stdout + stderr)) : resolve(stdout + stderr),
          );
        });
        // The salon's new-request e-mail, her confirmation by e-mail and on the phone.
        expect(output).toBe('E-mail outbox: 3 sent, 0 failed (retried later)\n');
      } finally {
        await smtp.close();
      }
      const [push] = endpoint.received;
      expect(push!.headers['authorization']).toContain(`k=${vapid.publicKey}`);
      expect(JSON.parse(decryptPush(phone, push!.body))).toMatchObject({
        title: 'Salone Remoto: prenotazione confermata',
        url: '/client/prenota',
      });
    });
  },
);
