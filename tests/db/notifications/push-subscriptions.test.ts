import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../support/use-test-server.ts';
import { createAdmin, expectOk, insertReservation, openSalon, type Salon } from '../../support/fixtures.ts';

const p256dh = (letter: string) => `B${letter.repeat(86)}`;
const auth = 'A'.repeat(22);

interface Channels {
  email: boolean;
  push: boolean;
}

/** Her phones and her channels: what she saves, who reads it, and what the outbox writes for each. */
describe('notifications: phone subscriptions and her channels', () => {
  const server = useTestServer();
  let salon: Salon;
  let other: Salon;

  beforeAll(async () => {
    const admin = await createAdmin(server);
    salon = await openSalon(server, admin, 'Salone Notifiche');
    other = await openSalon(server, admin, 'Salone Altrove');
  });

  const db = () => server.server.context.db;
  const endpointsOf = async (userId: string) =>
    (
      await db().query<{ endpoint: string }>(
        `select endpoint from app.push_subscriptions where user_id = $1 order by endpoint`,
        [userId],
      )
    ).rows.map((row) => row.endpoint);
  const save = (persona: Salon['client'], endpoint: string, keys = { p256dh: p256dh('x'), auth }) =>
    persona.client.rpc('save_push_subscription', { endpoint, ...keys });
  const channelsOnCard = async () => {
    const { clients } = expectOk<{ clients: { id: string; channels: Channels }[] }>(
      await salon.owner.client.rpc('merchant_clients', {}),
    );
    return clients.find((client) => client.id === salon.member.client_id)!.channels;
  };
  const setChannels = async (email: boolean, push: boolean) =>
    expectOk(
      await salon.client.client.rpc('set_my_notification_channels', {
        merchant_slug: salon.merchant.slug,
        email,
        push,
      }),
    );
  const confirmationChannels = async (daysAhead: number) => {
    const id = await insertReservation(server, salon, {
      startsAt: `now() + make_interval(days => ${daysAhead})`,
    });
    expectOk(await salon.owner.client.rpc('confirm_reservation', { reservation_id: id }));
    const { rows } = await db().query<{ channel: string; recipient: string }>(
      `select channel, recipient from app.notification_outbox
        where reservation_id = $1 and kind = 'confirmation' order by channel`,
      [id],
    );
    return rows;
  };

  it('refuses a malformed subscription with 22023 and stores nothing', async () => {
    for (const [endpoint, keys, message] of [
      [
        'http://push.example.com/1',
        { p256dh: p256dh('x'), auth },
        'Indirizzo delle notifiche non valido: serve un indirizzo https',
      ],
      [
        'https://',
        { p256dh: p256dh('x'), auth },
        'Indirizzo delle notifiche non valido: serve un indirizzo https',
      ],
      [
        'https://push.example.com/1',
        { p256dh: 'B' + 'x'.repeat(85), auth },
        'Chiavi delle notifiche non valide',
      ],
      [
        'https://push.example.com/1',
        { p256dh: 'A' + 'x'.repeat(86), auth },
        'Chiavi delle notifiche non valide',
      ],
      [
        'https://push.example.com/1',
        { p256dh: p256dh('x'), auth: 'A'.repeat(21) },
        'Chiavi delle notifiche non valide',
      ],
      ['https://push.example.com/1', { p256dh: p256dh('+'), auth }, 'Chiavi delle notifiche non valide'],
    ] as const) {
      const result = await save(salon.client, endpoint, keys);
      expect(result.status, endpoint).toBe(400);
      expect(result.error, endpoint).toMatchObject({ code: '22023', message });
    }
    expect(await endpointsOf(salon.member.user_id)).toEqual([]);
    expect(
      (
        await server
          .client()
          .rpc('save_push_subscription', { endpoint: 'https://a.example', p256dh: p256dh('x'), auth })
      ).status,
    ).toBe(401);
  });

  it('keeps her phone hers: another person neither reads nor deletes it, and takes it only by subscribing there', async () => {
    expectOk(
      await save(salon.client, 'https://push.example.com/giulia', {
        p256dh: `${p256dh('y')}=`,
        auth: `${auth}==`,
      }),
    );
    expect(await endpointsOf(salon.member.user_id)).toEqual(['https://push.example.com/giulia']);
    expectOk(
      await other.client.client.rpc('delete_push_subscription', {
        endpoint: 'https://push.example.com/giulia',
      }),
    );
    expect(await endpointsOf(salon.member.user_id)).toEqual(['https://push.example.com/giulia']);
    const read = await other.client.client.schema('app').from('push_subscriptions').select('*');
    expect(read.data ?? []).toEqual([]);

    expectOk(await save(other.client, 'https://push.example.com/tablet'));
    expectOk(await save(salon.client, 'https://push.example.com/tablet'));
    expect(await endpointsOf(other.member.user_id)).toEqual([]);
    expect(await endpointsOf(salon.member.user_id)).toEqual([
      'https://push.example.com/giulia',
      'https://push.example.com/tablet',
    ]);
    expectOk(
      await salon.client.client.rpc('delete_push_subscription', {
        endpoint: 'https://push.example.com/tablet',
      }),
    );
    expect(await endpointsOf(salon.member.user_id)).toEqual(['https://push.example.com/giulia']);
  });

  it('sends booking messages by the channels she chose, and the salon sees them on her card', async () => {
    const [subscription] = (
      await db().query<{ id: string }>(`select id from app.push_subscriptions where user_id = $1`, [
        salon.member.user_id,
      ])
    ).rows;
    expect(
      expectOk(
        await salon.client.client.rpc('my_notification_channels', { merchant_slug: salon.merchant.slug }),
      ),
    ).toEqual({ email: true, push: true, subscriptions: 1 });
    expect(await channelsOnCard()).toEqual({ email: true, push: true });
    expect(await confirmationChannels(3)).toEqual([
      { channel: 'email', recipient: salon.client.email },
      { channel: 'push', recipient: subscription!.id },
    ]);

    await setChannels(false, true);
    expect(await channelsOnCard()).toEqual({ email: false, push: true });
    expect(await confirmationChannels(5)).toEqual([{ channel: 'push', recipient: subscription!.id }]);

    await setChannels(true, false);
    expect(await channelsOnCard()).toEqual({ email: true, push: false });
    expect(await confirmationChannels(7)).toEqual([{ channel: 'email', recipient: salon.client.email }]);

    const missing = await salon.client.client.rpc('set_my_notification_channels', {
      merchant_slug: salon.merchant.slug,
      email: null,
      push: true,
    });
    expect(missing.error).toMatchObject({ code: '22023' });
    await setChannels(true, true);
  });

  it('deletes her phones with her account', async () => {
    expectOk(
      await salon.client.client.rpc('erase_my_account', {
        merchant_slug: salon.merchant.slug,
        confirmation: 'ELIMINA',
      }),
    );
    expect(await endpointsOf(salon.member.user_id)).toEqual([]);
  });
});
