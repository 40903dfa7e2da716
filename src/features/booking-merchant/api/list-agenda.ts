import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  merchantReservationSchema,
  reservationsKey,
  type MerchantReservation,
} from '@/features/booking-merchant/api/schemas';
import { callRpcAllRows } from '@/lib/rpc';

/** Confirmed appointments from today on (Rome), by date then time. */
export async function listAgenda(): Promise<MerchantReservation[]> {
  return z.array(merchantReservationSchema).parse(await callRpcAllRows<unknown>('merchant_agenda'));
}

export const agendaQueryOptions = () =>
  queryOptions({ queryKey: [...reservationsKey, 'agenda'], queryFn: listAgenda });

export function useAgenda() {
  return useQuery(agendaQueryOptions());
}
