import { queryOptions, useQuery } from '@tanstack/react-query';
import { bookingKey } from '@/components/booking/booking-key';
import { callRpc } from '@/lib/rpc';

interface FirstFreeDayInput {
  merchantSlug: string;
  treatmentId: string;
  /** null: no preference, any operator who performs the treatment. */
  operatorId: string | null;
}

const firstFreeDayQueryOptions = (input: FirstFreeDayInput) =>
  queryOptions({
    queryKey: [...bookingKey(input.merchantSlug), 'first-free-day', input],
    queryFn: () =>
      callRpc('first_free_day', {
        merchant_slug: input.merchantSlug,
        treatment_id: input.treatmentId,
        operator_id: input.operatorId,
      }),
  });

/** 'Prenota di nuovo': the first day of the window with a free time ('YYYY-MM-DD'), or null; idle unless asked. */
export function useFirstFreeDay(input: FirstFreeDayInput & { enabled: boolean }) {
  const { enabled, ...asked } = input;
  return useQuery({ ...firstFreeDayQueryOptions(asked), enabled: enabled && Boolean(asked.treatmentId) });
}
