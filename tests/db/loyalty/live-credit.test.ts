import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createMerchant, joinAsClient, type Persona } from '../../support/personas.ts';
import { Inbox, subscribed } from '../../support/realtime.ts';
import { useTestServer } from '../../support/use-test-server.ts';

type ClientRow = { id: string; available_credit: number | string };
type Change = RealtimePostgresChangesPayload<ClientRow>;
/** The row after an UPDATE (the only event these tests subscribe to). */
const updated = (change: Change) => change.new as ClientRow;

describe('a client sees its credit change live, and only its own', () => {
  const server = useTestServer();
  let merchant: Persona;
  let sponsor: { code: string; id: string; persona: Persona };
  let buyer: { code: string; id: string; persona: Persona };
  let otherTenant: Persona;

  beforeAll(async () => {
    const admin = await createAdmin(server);
    const salon = await createMerchant(server, admin, 'Salone Realtime');
    const elsewhere = await createMerchant(server, admin, 'Altro Salone');
    merchant = salon.persona;
    const first = await joinAsClient(server, salon.merchant.slug, { name: 'Sara Sponsor' });
    const second = await joinAsClient(server, salon.merchant.slug, {
      name: 'Bruno Acquirente',
      sponsorCode: first.joined.client_code,
    });
    sponsor = { code: first.joined.client_code, id: first.joined.client_id, persona: first.persona };
    buyer = { code: second.joined.client_code, id: second.joined.client_id, persona: second.persona };
    otherTenant = (await joinAsClient(server, elsewhere.merchant.slug, { name: 'Olga Altrove' })).persona;
  });

  async function watchClients(persona: Persona, filter?: string) {
    const inbox = new Inbox<Change>();
    const client = server.client();
    await client.realtime.setAuth(persona.token);
    const channel = client
      .channel(`credit-${persona.userId}-${filter ?? 'all'}`)
      .on<ClientRow>(
        'postgres_changes',
        { event: 'UPDATE', schema: 'app', table: 'clients', filter },
        inbox.push,
      );
    await subscribed(channel);
    return inbox;
  }

  it('delivers the new balance to the buyer and the sponsor, and nothing to another tenant', async () => {
    const buyerInbox = await watchClients(buyer.persona, `id=eq.${buyer.id}`);
    const sponsorInbox = await watchClients(sponsor.persona);
    const strangerInbox = await watchClients(otherTenant);

    const { error } = await merchant.client.rpc('register_purchase', {
      client_code: buyer.code,
      spend: 100,
      discount: 0,
    });
    expect(error).toBeNull();

    const buyerChange = await buyerInbox.next('buyer balance update');
    expect(updated(buyerChange).id).toBe(buyer.id);
    const { data: buyerCredit } = await buyer.persona.client.rpc('client_credit', {
      merchant_slug: (await merchant.client.rpc('merchant_profile')).data.slug,
    });
    expect(Number(updated(buyerChange).available_credit)).toBe(Number(buyerCredit.available_credit));
    expect(Number(updated(buyerChange).available_credit)).toBeGreaterThan(0);

    const sponsorChange = await sponsorInbox.next('sponsor balance update');
    expect(updated(sponsorChange).id).toBe(sponsor.id);
    expect(Number(updated(sponsorChange).available_credit)).toBeGreaterThan(0);

    // The stranger's own row did not change; once its merchant registers nothing, its inbox stays empty
    // while the buyer's inbox proves delivery of a later event is working.
    await merchant.client.rpc('register_purchase', { client_code: buyer.code, spend: 10, discount: 0 });
    await buyerInbox.next('second buyer update');
    expect(strangerInbox.pending).toBe(0);
    // The sponsor watched every row it may see: only its own row ever arrives.
    while (sponsorInbox.pending > 0) expect(updated(await sponsorInbox.next()).id).toBe(sponsor.id);
  });
});
