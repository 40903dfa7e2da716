import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { numeric, settingsKey } from '@/features/booking-merchant/api/schemas';
import { callRpcAllRows } from '@/lib/rpc';

export const treatmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  duration_minutes: numeric,
  price: numeric,
  for_all_operators: z.boolean(),
  operator_ids: z.array(z.string()).nullable(),
  created_at: z.string(),
});

export type Treatment = z.infer<typeof treatmentSchema>;

/** The salon's treatments. */
export async function listTreatments(): Promise<Treatment[]> {
  return z.array(treatmentSchema).parse(await callRpcAllRows<unknown>('list_treatments'));
}

export const treatmentsQueryOptions = () =>
  queryOptions({ queryKey: [...settingsKey, 'treatments'], queryFn: listTreatments });

export function useTreatments() {
  return useQuery(treatmentsQueryOptions());
}
