import { callRpc } from '@/lib/rpc';

export interface JoinSalonResult {
  client_code: string;
  message: string;
}

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
  return callRpc<JoinSalonResult>('join_merchant', {
    merchant_slug: input.merchantSlug,
    name: input.name,
    email: null,
    password: null,
    phone: input.phone || null,
    sponsor_code: input.sponsorCode || null,
    privacy_accepted: input.privacyAccepted,
    marketing_accepted: input.marketingAccepted ?? false,
  });
}

/** Whether the signed-in account is already a client of the salon. */
export async function isClientOf(merchantSlug: string): Promise<boolean> {
  const whoami = await callRpc<{ clients: { merchant_slug: string }[] }>('whoami');
  return whoami.clients.some((client) => client.merchant_slug === merchantSlug);
}
