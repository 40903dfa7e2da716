import * as z from 'zod/mini';
import { callRpc } from '@/lib/rpc';
import { whoamiSchema } from '@/lib/whoami';

/** What api.join_merchant answers (jsonb): the new client code and an Italian message. */
export const joinSalonResultSchema = z.object({ client_code: z.string(), message: z.string() });

export type JoinSalonResult = z.infer<typeof joinSalonResultSchema>;

/** The signed-in account joins one more salon (api.join_merchant): a new client record and code there. */
export async function joinSalonAsSignedIn(input: {
  merchantSlug: string;
  name: string;
  phone?: string | null;
  sponsorCode?: string | null;
  /** The customer accepted this salon's privacy notice (required by the database). */
  privacyAccepted: boolean;
  marketingAccepted?: boolean;
}): Promise<JoinSalonResult> {
  const result = await callRpc('join_merchant', {
    merchant_slug: input.merchantSlug,
    name: input.name,
    email: null,
    password: null,
    phone: input.phone || null,
    sponsor_code: input.sponsorCode || null,
    privacy_accepted: input.privacyAccepted,
    marketing_accepted: input.marketingAccepted ?? false,
  });
  return joinSalonResultSchema.parse(result);
}

/** Whether the signed-in account is already a client of the salon. */
export async function isClientOf(merchantSlug: string): Promise<boolean> {
  const whoami = whoamiSchema.parse(await callRpc('whoami'));
  return whoami.clients.some((client) => client.merchant_slug === merchantSlug);
}
