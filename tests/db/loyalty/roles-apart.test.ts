import { beforeAll, describe, expect, it } from 'vitest';
import {
  createAdmin,
  createMerchant,
  expectSucceeds,
  joinAsClient,
  openSalon,
  type Persona,
  type Salon,
} from '../../support/fixtures.ts';
import { useTestServer } from '../../support/use-test-server.ts';

const refusal = "Questo account gestisce un salone: per essere cliente registrati con un'altra email";

describe('a salon’s login and the platform admin are never clients (SQL)', () => {
  const server = useTestServer();
  let admin: Persona;
  let salon: Salon;
  let rival: Awaited<ReturnType<typeof createMerchant>>;

  const clientRows = async (userId: string) =>
    Number(
      (
        await server.server.context.db.query<{ n: number }>(
          'select count(*)::int as n from app.clients where user_id = $1',
          [userId],
        )
      ).rows[0]!.n,
    );
  const join = (persona: Persona, merchant_slug: string) =>
    persona.client.rpc('join_merchant', {
      merchant_slug,
      name: 'Titolare',
      email: null,
      privacy_accepted: true,
    });

  beforeAll(async () => {
    admin = await createAdmin(server);
    salon = await openSalon(server, admin, 'Salone Proprio');
    rival = await createMerchant(server, admin, 'Salone Rivale');
  });

  it('refuses a merchant’s login joining its own salon or a competitor’s, over HTTP', async () => {
    for (const slug of [salon.merchant.slug, rival.merchant.slug]) {
      const answer = await join(salon.owner, slug);
      expect(answer.status).toBe(403);
      expect(answer.error).toMatchObject({ code: '42501', message: refusal });
    }
    expect(await clientRows(salon.owner.userId)).toBe(0);
  });

  it('refuses the platform admin joining a salon as a client', async () => {
    const answer = await join(admin, salon.merchant.slug);
    expect(answer.error).toMatchObject({ code: '42501', message: refusal });
    expect(await clientRows(admin.userId)).toBe(0);
  });

  it('still lets a customer join a second salon with her own account', async () => {
    const { persona } = await joinAsClient(server, salon.merchant.slug, { name: 'Carla Neri' });
    await expectSucceeds(join(persona, rival.merchant.slug));
    expect(await clientRows(persona.userId)).toBe(2);
  });

  it('sends a visitor who types a salon’s address to sign in, where joining is then refused', async () => {
    const answer = await server.client().rpc('join_merchant', {
      merchant_slug: rival.merchant.slug,
      name: 'Finta Cliente',
      email: salon.owner.email,
      password: 'password123',
      privacy_accepted: true,
    });
    expect(answer.error).toMatchObject({ code: 'P0001', hint: 'email_exists' });
    expect(await clientRows(salon.owner.userId)).toBe(0);
  });
});
