import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { callRpc } from '@/lib/rpc';

const inviteSalonSchema = z.object({ slug: z.string(), name: z.string(), logo_url: z.nullish(z.string()) });

export type InviteSalon = z.infer<typeof inviteSalonSchema>;

/** The signed-in salon's slug, name and logo (api.merchant_profile): what its invitations show. */
export async function getInviteSalon(): Promise<InviteSalon> {
  return inviteSalonSchema.parse(await callRpc('merchant_profile'));
}

export const inviteSalonQueryOptions = () =>
  queryOptions({ queryKey: ['invite-kit', 'salon'], queryFn: getInviteSalon, staleTime: 5 * 60_000 });

export function useInviteSalon() {
  return useQuery(inviteSalonQueryOptions());
}
