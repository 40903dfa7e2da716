import { useMutation } from '@tanstack/react-query';
import { merchantSlugSchema } from '@/components/booking/booking-key';
import { messageSchema } from '@/lib/api-values';
import { callRpc } from '@/lib/rpc';

/** Sends the link that confirms the client's address again (at most once a minute, said by the database). */
export async function resendAddressConfirmation(merchantSlug: string): Promise<{ message: string }> {
  return messageSchema.parse(
    await callRpc('resend_address_confirmation', { merchant_slug: merchantSlugSchema.parse(merchantSlug) }),
  );
}

export function useResendAddressConfirmation() {
  return useMutation({ mutationFn: resendAddressConfirmation });
}
