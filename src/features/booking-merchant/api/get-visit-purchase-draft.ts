import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { reservationsKey } from '@/features/booking-merchant/api/schemas';
import { numeric } from '@/lib/api-values';
import { callRpc } from '@/lib/rpc';

const draftSchema = z.object({
  reservation_id: z.string(),
  client_code: z.string(),
  client_name: z.string(),
  treatment_name: z.string(),
  /** The treatment's price, null when it was deleted. */
  spend: z.nullable(numeric),
  available_credit: numeric,
  actions: z.array(z.string()),
});

export type VisitPurchaseDraft = z.infer<typeof draftSchema>;

/** What the visit's purchase form starts from: her code, name and credit, the treatment's price. */
export async function getVisitPurchaseDraft(reservationId: string): Promise<VisitPurchaseDraft> {
  return draftSchema.parse(await callRpc('visit_purchase_draft', { reservation_id: reservationId }));
}

export const visitPurchaseDraftQueryOptions = (reservationId: string) =>
  queryOptions({
    queryKey: [...reservationsKey, 'purchase-draft', reservationId],
    queryFn: () => getVisitPurchaseDraft(reservationId),
  });

export function useVisitPurchaseDraft(reservationId: string) {
  return useQuery(visitPurchaseDraftQueryOptions(reservationId));
}
