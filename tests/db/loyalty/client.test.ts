import { beforeAll, describe, expect, it } from 'vitest';
import {
  cents,
  createAdmin,
  createMerchant,
  joinAsClient,
  type CreatedMerchant,
  type JoinedClient,
  type Persona,
} from '../../support/personas.ts';
import { useTestServer } from '../../support/use-test-server.ts';

describe('client api', () => {
  const server = useTestServer();
  let merchant: Persona;
  let salon: CreatedMerchant;
  let me: { joined: JoinedClient; persona: Persona };
  const below: JoinedClient[] = [];

  beforeAll(async () => {
    const admin = await createAdmin(server);
    ({ merchant: salon, persona: merchant } = await createMerchant(server, admin, 'Beauty Stella'));
    me = await joinAsClient(server, salon.slug, { name: 'Maria Rossi', phone: '3331112222' });
    // Four generations below Maria: the tree shows three.
    let sponsor = me.joined.client_code;
    for (const name of ['Anna Bruni', 'Carla De Santis', 'Dina Eco', 'Ester Fumo']) {
      const { joined } = await joinAsClient(server, salon.slug, { name, sponsorCode: sponsor });
      below.push(joined);
      sponsor = joined.client_code;
    }
    await merchant.client.rpc('set_percentages', { personal: 10, sponsor1: 5, sponsor2: 3, sponsor3: 2 });
  });

  it('shows the profile with the referral link path', async () => {
    const { data, error } = await me.persona.client.rpc('client_profile', { merchant_slug: salon.slug });
    expect(error).toBeNull();
    expect(data).toEqual({
      id: me.joined.client_id,
      code: me.joined.client_code,
      name: 'Maria Rossi',
      email: me.persona.email.toLowerCase(),
      phone: '3331112222',
      available_credit: 0,
      merchant_slug: salon.slug,
      merchant_name: 'Beauty Stella',
      referral_link_path: `/${salon.slug}/register?ref=${me.joined.client_code}`,
    });
  });

  it('updates the phone, refusing an empty or unchanged one', async () => {
    const update = (phone: string | null) =>
      me.persona.client.rpc('update_client_phone', { merchant_slug: salon.slug, phone });
    expect((await update('3339998888')).data).toEqual({ message: 'Telefono aggiornato!' });
    expect((await update(' 3339998888 ')).error?.message).toBe('Nessuna modifica effettuata');
    expect((await update('  ')).error?.message).toBe('Il telefono è obbligatorio');
    expect((await update(null)).error?.message).toBe('Il telefono è obbligatorio');
    const profile = await me.persona.client.rpc('client_profile', { merchant_slug: salon.slug });
    expect(profile.data).toMatchObject({ phone: '3339998888' });
  });

  it('lists purchases newest first and the credit ledger with its reasons', async () => {
    const first = await merchant.client.rpc('register_purchase', {
      client_code: me.joined.client_code,
      spend: 80,
      discount: 0,
    });
    const second = await merchant.client.rpc('register_purchase', {
      client_code: me.joined.client_code,
      spend: 50,
      discount: 8,
    });
    await merchant.client.rpc('register_purchase', {
      client_code: below[0]!.client_code,
      spend: 100,
      discount: 0,
    });
    const purchases = await me.persona.client.rpc('client_purchases', { merchant_slug: salon.slug });
    const rows = purchases.data as {
      id: string;
      date: string;
      spend: number;
      discount: number;
      net: number;
    }[];
    expect(rows.map((row) => [row.id, cents(row.spend), cents(row.discount), cents(row.net)])).toEqual([
      [(second.data as { movement_id: string }).movement_id, 5000, 800, 4200],
      [(first.data as { movement_id: string }).movement_id, 8000, 0, 8000],
    ]);
    expect(rows[0]!.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const credit = await me.persona.client.rpc('client_credit', { merchant_slug: salon.slug });
    const { available_credit, ledger } = credit.data as {
      available_credit: number;
      ledger: { amount: number; reason: string; movement_id: string }[];
    };
    // 8.00 + (4.20 - 8.00) + 5.00 from Anna's purchase
    expect(cents(available_credit)).toBe(800 + 420 - 800 + 500);
    expect(ledger.reduce((sum, entry) => sum + cents(entry.amount), 0)).toBe(cents(available_credit));
    expect(ledger.map((entry) => entry.reason).sort()).toEqual([
      'generation1',
      'purchase',
      'purchase',
      'redemption',
    ]);
  });

  it('shows three generations below the caller, with short names and nothing private', async () => {
    const { data, error } = await me.persona.client.rpc('client_tree', { merchant_slug: salon.slug });
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        id: below[0]!.client_id,
        code: below[0]!.client_code,
        display_name: 'Anna B.',
        sponsor_id: me.joined.client_id,
        generation: 1,
      },
      {
        id: below[1]!.client_id,
        code: below[1]!.client_code,
        display_name: 'Carla S.',
        sponsor_id: below[0]!.client_id,
        generation: 2,
      },
      {
        id: below[2]!.client_id,
        code: below[2]!.client_code,
        display_name: 'Dina E.',
        sponsor_id: below[1]!.client_id,
        generation: 3,
      },
    ]);
    const leaf = await server
      .client({ accessToken: await server.token({ sub: below[3]!.user_id, role: 'authenticated' }) })
      .rpc('client_tree', { merchant_slug: salon.slug });
    expect(leaf.data).toEqual([]);
  });
});
