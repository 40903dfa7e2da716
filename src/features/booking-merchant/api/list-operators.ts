import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { settingsKey } from '@/features/booking-merchant/api/schemas';
import { callRpcAllRows } from '@/lib/rpc';

export const operatorSchema = z.object({
  id: z.string(),
  name: z.string(),
  image_url: z.string().nullable(),
  created_at: z.string(),
});

export type Operator = z.infer<typeof operatorSchema>;

/** The salon's operators. */
export async function listOperators(): Promise<Operator[]> {
  return z.array(operatorSchema).parse(await callRpcAllRows<unknown>('list_operators'));
}

export const operatorsQueryOptions = () =>
  queryOptions({ queryKey: [...settingsKey, 'operators'], queryFn: listOperators });

export function useOperators() {
  return useQuery(operatorsQueryOptions());
}
