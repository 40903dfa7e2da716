import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  reservationReasonInputSchema,
  reservationsKey,
  type ReservationReasonInput,
} from '@/features/booking-merchant/api/schemas';
import { messageSchema } from '@/lib/api-values';
import { callRpc, callRpcAllRows, type RpcRow, type WithNullable } from '@/lib/rpc';

export type PlannedDate = WithNullable<
  RpcRow<'plan_series'>,
  'reason' | 'alternative_starts_at' | 'alternative_date' | 'alternative_time'
>;

export interface SeriesRequest {
  clientId: string;
  treatmentId: string;
  /** undefined: 'Nessuna preferenza', any operator who is free. */
  operatorId: string | undefined;
}

/** Each date of a series as the rules of one appointment see it, with the nearest free start when it does not fit. */
export function usePlanSeries() {
  return useMutation({
    mutationFn: (
      input: SeriesRequest & { firstDate: string; firstTime: string; everyWeeks: number; count: number },
    ): Promise<PlannedDate[]> =>
      callRpcAllRows('plan_series', {
        client_id: input.clientId,
        treatment_id: input.treatmentId,
        operator_id: input.operatorId,
        first_date: input.firstDate,
        first_time: input.firstTime,
        every_weeks: input.everyWeeks,
        count: input.count,
      }),
  });
}

/** Books the accepted starts of a series, all confirmed or none. */
export function useBookSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SeriesRequest & { starts: string[] }) =>
      messageSchema.parse(
        await callRpc('book_series', {
          client_id: input.clientId,
          treatment_id: input.treatmentId,
          operator_id: input.operatorId,
          starts: input.starts,
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reservationsKey }),
  });
}

/** Cancels the series' appointments not yet started, with the reason; the past ones stay. */
export function useCancelSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ReservationReasonInput) => {
      const { reservationId, reason } = reservationReasonInputSchema.parse(input);
      return messageSchema.parse(await callRpc('cancel_series', { reservation_id: reservationId, reason }));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: reservationsKey }),
  });
}
