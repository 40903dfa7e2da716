import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { env } from '@/config/env';
import { ApiError } from '@/lib/api-error';
import { emailRule, nameRule, passwordRule } from '@/lib/input-rules';
import { joinSalonResultSchema, type JoinSalonResult } from '@/lib/join-salon';
import { callRpc } from '@/lib/rpc';
import { supabase } from '@/lib/supabase';
import { texts } from '@/lib/texts';

const phonePattern = /^\+?[\d\s./-]{6,20}$/;

export const joinMerchantInputSchema = z.object({
  merchantSlug: z.string().check(z.minLength(1)),
  name: nameRule,
  email: emailRule,
  password: passwordRule(env.minimumPasswordLength),
  /** Optional: an empty field is no phone. */
  phone: z.optional(
    z.string().check(
      z.trim(),
      z.refine((value) => value === '' || phonePattern.test(value), texts.validation.phoneInvalid),
    ),
  ),
  /** The sponsor's client code, from ?ref; empty when none. */
  sponsorCode: z.optional(z.string().check(z.trim())),
  /** Consent to the privacy notice: required (the database refuses a registration without it). */
  privacyAccepted: z.boolean().check(z.refine((value) => value, texts.validation.privacyRequired)),
  /** Marketing: optional, changed later in Anagrafica. */
  marketingAccepted: z.optional(z.boolean()),
});

type JoinMerchantInput = z.input<typeof joinMerchantInputSchema>;

export type JoinMerchantResult = JoinSalonResult;

/** Creates the customer's account and client record in one call, then signs the new account in. */
export async function joinMerchant(input: JoinMerchantInput): Promise<JoinMerchantResult> {
  const { merchantSlug, name, email, password, phone, sponsorCode, privacyAccepted, marketingAccepted } =
    joinMerchantInputSchema.parse(input);
  // A leftover session of someone else must not be linked to the new customer.
  await supabase.auth.signOut({ scope: 'local' });
  const result = await callRpc('join_merchant', {
    merchant_slug: merchantSlug,
    name,
    email,
    password,
    phone: phone || null,
    sponsor_code: sponsorCode || null,
    privacy_accepted: privacyAccepted,
    marketing_accepted: marketingAccepted ?? false,
  });
  const { error } = await supabase.auth.signInWithPassword({ email, password });
  // Where sign-ups must confirm their address first, the customer is registered all the same and
  // signs in after following the e-mailed link.
  if (error && error.code !== 'email_not_confirmed') throw ApiError.fromAuth(error);
  return joinSalonResultSchema.parse(result);
}

export function useJoinMerchant() {
  return useMutation({ mutationFn: joinMerchant });
}
