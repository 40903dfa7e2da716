import { queryOptions, useQuery } from '@tanstack/react-query';
import { reservationRows } from '@/components/booking/reservation-row';
import { reservationsKey } from '@/features/booking-merchant/api/schemas';
import { callRpc } from '@/lib/rpc';

/** Confirmed appointments of past days the salon has not yet marked completed or missed. */
export async function listVisitsToClose() {
  return reservationRows(await callRpc('merchant_visits_to_close'));
}

export const visitsToCloseQueryOptions = () =>
  queryOptions({ queryKey: [...reservationsKey, 'to-close'], queryFn: listVisitsToClose });

export function useVisitsToClose() {
  return useQuery(visitsToCloseQueryOptions());
}
