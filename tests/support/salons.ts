import {
  createMerchant,
  joinAsClient,
  type CreatedMerchant,
  type JoinedClient,
  type Persona,
} from './personas.ts';
import type { TestServer } from './test-server.ts';
import type { Answer } from './bookings.ts';

/** A merchant with two operators, a 60-minute treatment for all and a 30-minute one for the first only. */
export interface Salon {
  merchant: CreatedMerchant;
  owner: Persona;
  client: Persona;
  member: JoinedClient;
  anna: string;
  bea: string;
  piega: string;
  ciglia: string;
}

export async function openSalon(server: TestServer, admin: Persona, name: string): Promise<Salon> {
  const { merchant, persona: owner } = await createMerchant(server, admin, name);
  const { joined: member, persona: client } = await joinAsClient(server, merchant.slug, {
    name: 'Giulia Verdi',
  });
  const added = async (fn: string, args: Record<string, unknown>) => {
    const { data, error } = await owner.client.rpc(fn, args);
    if (error) throw new Error(`${fn}: ${error.message}`);
    return (data as Answer).id!;
  };
  const anna = await added('add_operator', { name: 'Anna', image_path: `${merchant.id}/anna.png` });
  const bea = await added('add_operator', { name: 'Bea', image_path: `${merchant.id}/bea.png` });
  const piega = await added('add_treatment', {
    name: 'Piega',
    description: 'Lavaggio e piega',
    duration_minutes: 60,
    price: 25,
  });
  const ciglia = await added('add_treatment', {
    name: 'Ciglia',
    description: 'Laminazione ciglia',
    duration_minutes: 30,
    price: 40.5,
    operator_ids: [anna],
  });
  // Tests of other rules book more requests than a salon's default limit; its own tests set it.
  await added('set_max_open_requests', { requests: 100 });
  return { merchant, owner, client, member, anna, bea, piega, ciglia };
}
