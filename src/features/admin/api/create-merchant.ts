import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { merchantsQueryOptions } from '@/features/admin/api/list-merchants';
import { campaignSummariesQueryOptions } from '@/features/admin/api/get-campaign-summaries';
import { adminTexts } from '@/features/admin/texts';
import { env } from '@/config/env';
import { maxLength } from '@/lib/input-limits';
import { passwordRule, tooLong } from '@/lib/input-rules';
import { callRpc } from '@/lib/rpc';
import { texts } from '@/lib/texts';

export const createMerchantInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, texts.validation.nameRequired)
    .max(maxLength.name, tooLong(texts.validation.nameTooLong, maxLength.name)),
  phone: z
    .string()
    .trim()
    .min(1, adminTexts.merchants.phoneRequired)
    .max(maxLength.phone, tooLong(texts.validation.phoneTooLong, maxLength.phone)),
  email: z
    .email(texts.validation.emailRequired)
    .max(maxLength.email, tooLong(texts.validation.emailTooLong, maxLength.email)),
  password: passwordRule(env.minimumPasswordLength),
  website: z
    .string()
    .trim()
    .max(maxLength.website, tooLong(texts.validation.websiteTooLong, maxLength.website))
    .nullish()
    .transform((value) => value || null),
});

export type CreateMerchantInput = z.input<typeof createMerchantInputSchema>;

export const createdMerchantSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  code_prefix: z.string(),
});

export type CreatedMerchant = z.infer<typeof createdMerchantSchema>;

/** Creates the merchant's login account and the merchant in one call (platform admin only). */
export async function createMerchant(input: CreateMerchantInput): Promise<CreatedMerchant> {
  const { name, phone, email, password, website } = createMerchantInputSchema.parse(input);
  return createdMerchantSchema.parse(
    await callRpc('admin_create_merchant', { name, phone, email, password, website }),
  );
}

export function useCreateMerchant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMerchant,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: merchantsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: campaignSummariesQueryOptions().queryKey }),
      ]),
  });
}
