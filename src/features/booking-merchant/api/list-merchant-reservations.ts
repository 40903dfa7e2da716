import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  merchantReservationSchema,
  reservationsKey,
  type MerchantReservation,
} from '@/features/booking-merchant/api/schemas';
import { callRpcAllRows } from '@/lib/rpc';

/** The reservations the salon received, optionally of one status only. */
export async function listMerchantReservations(status: string | null = null): Promise<MerchantReservation[]> {
  return z
    .array(merchantReservationSchema)
    .parse(await callRpcAllRows<unknown>('merchant_reservations', { status }));
}

export const merchantReservationsQueryOptions = (status: string | null = null) =>
  queryOptions({
    queryKey: [...reservationsKey, 'list', status],
    queryFn: () => listMerchantReservations(status),
  });

export function useMerchantReservations(status: string | null = null) {
  return useQuery(merchantReservationsQueryOptions(status));
}
