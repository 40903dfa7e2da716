import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { clientConsentsQueryOptions } from '@/features/client-loyalty/api/get-client-consents';
import { merchantSlugSchema } from '@/components/booking/booking-key';
import { callRpc } from '@/lib/rpc';

const setMarketingConsentInputSchema = z.object({
  merchantSlug: merchantSlugSchema,
  granted: z.boolean(),
});

type SetMarketingConsentInput = z.input<typeof setMarketingConsentInputSchema>;

/** Records the customer's marketing choice at one salon (a new row of her consent history). */
async function setMarketingConsent(input: SetMarketingConsentInput): Promise<void> {
  const { merchantSlug, granted } = setMarketingConsentInputSchema.parse(input);
  await callRpc('set_marketing_consent', { merchant_slug: merchantSlug, granted });
}

export function useSetMarketingConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMarketingConsent,
    onSettled: (_result, _error, input) =>
      queryClient.invalidateQueries({ queryKey: clientConsentsQueryOptions(input.merchantSlug).queryKey }),
  });
}
