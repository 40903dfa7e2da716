import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { merchantSlugSchema } from '@/components/booking/booking-key';
import { clientProfileQueryOptions } from '@/features/client-loyalty/api/get-client-profile';
import { clientLoyaltyTexts } from '@/features/client-loyalty/texts';
import { messageSchema } from '@/lib/api-values';
import { callRpc } from '@/lib/rpc';
import { texts } from '@/lib/texts';

const phonePattern = /^\+?[\d\s./-]{6,20}$/;

export const updateClientPhoneInputSchema = z.object({
  merchantSlug: merchantSlugSchema,
  phone: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, clientLoyaltyTexts.profile.phoneRequired),
      z.regex(phonePattern, texts.validation.phoneInvalid),
    ),
});

type UpdateClientPhoneInput = z.input<typeof updateClientPhoneInputSchema>;

/** Changes the customer's phone at one salon; the database refuses an empty or unchanged phone. */
async function updateClientPhone(input: UpdateClientPhoneInput): Promise<{ message: string }> {
  const { merchantSlug, phone } = updateClientPhoneInputSchema.parse(input);
  return messageSchema.parse(await callRpc('update_client_phone', { merchant_slug: merchantSlug, phone }));
}

export function useUpdateClientPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClientPhone,
    onSuccess: (_result, input) =>
      queryClient.invalidateQueries({ queryKey: clientProfileQueryOptions(input.merchantSlug).queryKey }),
  });
}
