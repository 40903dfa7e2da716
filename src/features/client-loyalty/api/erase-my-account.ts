import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { merchantSlugSchema } from '@/components/booking/booking-key';
import { callRpc } from '@/lib/rpc';
import { supabase } from '@/lib/supabase';

const eraseMyAccountInputSchema = z.object({
  merchantSlug: merchantSlugSchema,
  confirmation: z.string().check(z.trim()),
});

type EraseMyAccountInput = z.input<typeof eraseMyAccountInputSchema>;

/**
 * Erases the customer's personal data at every salon and her login (api.erase_my_account), then ends
 * this browser's session: the account no longer exists.
 */
async function eraseMyAccount(input: EraseMyAccountInput): Promise<void> {
  const { merchantSlug, confirmation } = eraseMyAccountInputSchema.parse(input);
  await callRpc('erase_my_account', { merchant_slug: merchantSlug, confirmation });
  await supabase.auth.signOut({ scope: 'local' });
}

export function useEraseMyAccount() {
  return useMutation({ mutationFn: eraseMyAccount });
}
