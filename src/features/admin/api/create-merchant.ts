import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { merchantsQueryOptions } from '@/features/admin/api/list-merchants';
import { campaignSummariesQueryOptions } from '@/features/admin/api/get-campaign-summaries';
import { adminTexts } from '@/features/admin/texts';
import { env } from '@/config/env';
import { maxLength } from '@/lib/input-limits';
import { emailRule, nameRule, passwordRule, requiredText, tooLong } from '@/lib/input-rules';
import { callRpc } from '@/lib/rpc';
import { texts } from '@/lib/texts';

/** api.admin_create_merchant's web address: an optional http(s)://, a host with a dot, a path. */
const webAddress =
  /^(https?:\/\/)?([\p{L}\p{N}]([\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+\p{L}{2,}(:\d{1,5})?([/?#]\S*)?$/iu;

export const createMerchantInputSchema = z.object({
  name: nameRule,
  phone: requiredText(adminTexts.merchants.phoneRequired, maxLength.phone, texts.validation.phoneTooLong),
  email: emailRule,
  password: passwordRule(env.minimumPasswordLength),
  website: z.pipe(
    z.nullish(
      z.string().check(
        z.trim(),
        z.maxLength(maxLength.website, tooLong(texts.validation.websiteTooLong, maxLength.website)),
        z.refine((value) => value === '' || webAddress.test(value), adminTexts.merchants.websiteInvalid),
      ),
    ),
    z.transform((value) => value || null),
  ),
});

type CreateMerchantInput = z.input<typeof createMerchantInputSchema>;

const createdMerchantSchema = z.object({
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
