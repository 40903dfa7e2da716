import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { bookingKey, merchantSlugSchema } from '@/components/booking/booking-key';
import { callRpc } from '@/lib/rpc';

export const waitlistPeriods = ['Mattina', 'Pomeriggio', 'Sera'] as const;

const joinWaitlistInputSchema = z.object({
  merchantSlug: merchantSlugSchema,
  treatmentId: z.string().check(z.minLength(1)),
  operatorId: z.nullable(z.string().check(z.minLength(1))),
  fromDay: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  toDay: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  period: z.enum(waitlistPeriods),
});

type JoinWaitlistInput = z.input<typeof joinWaitlistInputSchema>;

/** The entry, and the channels a freed slot will also reach her by (her choices at this salon). */
const joinedSchema = z.object({
  id: z.string(),
  message: z.string(),
  channels: z.object({ email: z.boolean(), push: z.boolean() }),
});

export type WaitlistChannels = z.infer<typeof joinedSchema>['channels'];

/** Joins the waitlist for a treatment, days and a part of the day; the database holds the limits. */
async function joinWaitlist(input: JoinWaitlistInput): Promise<z.infer<typeof joinedSchema>> {
  const { merchantSlug, treatmentId, operatorId, fromDay, toDay, period } =
    joinWaitlistInputSchema.parse(input);
  return joinedSchema.parse(
    await callRpc('join_waitlist', {
      merchant_slug: merchantSlug,
      treatment_id: treatmentId,
      operator_id: operatorId,
      from_day: fromDay,
      to_day: toDay,
      period,
    }),
  );
}

export function useJoinWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinWaitlist,
    onSettled: (_result, _error, input) =>
      queryClient.invalidateQueries({ queryKey: bookingKey(input.merchantSlug) }),
  });
}
