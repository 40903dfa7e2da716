import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { reservationRowSchema } from '@/components/booking/reservation-row';
import { keepPendingCount } from '@/features/booking-merchant/api/pending-count';
import { reminderSchema, whatsappSchema } from '@/features/booking-merchant/api/salon-messages';
import { reservationsKey } from '@/features/booking-merchant/api/schemas';
import { callRpc } from '@/lib/rpc';

/** The inbox's sections: requests to answer, upcoming appointments, the history; null = all three. */
export type InboxSection = 'to_answer' | 'upcoming' | 'history' | null;

const inboxPageSchema = z.object({
  reservations: z.array(
    z.extend(reservationRowSchema, {
      slot_taken: z.boolean(),
      /** The client's visits marked completed and missed, and whether the misses reach the salon's alert. */
      client_completed_visits: z.number(),
      client_no_shows: z.number(),
      often_missed: z.boolean(),
      whatsapp: whatsappSchema,
      reminder: reminderSchema,
      /** The visit it is a part of (its place in it, from 1), or null for a single treatment. */
      visit_id: z.nullable(z.string()),
      visit_part: z.nullable(z.number()),
    }),
  ),
  next: z.nullable(z.string()),
  /** The requests waiting for an answer, as the navigation's badge counts them. */
  pending: z.number(),
});

export type InboxPage = z.infer<typeof inboxPageSchema>;
export type InboxReservation = InboxPage['reservations'][number];

/** One page of the salon's reservations, requests to answer first; `after` is the previous page's next. */
export async function listMerchantReservationsPage(
  section: InboxSection,
  after: string | null,
  pageSize = 20,
): Promise<InboxPage> {
  return inboxPageSchema.parse(
    await callRpc('merchant_reservations_page', { section, after, page_size: pageSize }),
  );
}

const merchantReservationsQueryOptions = (section: InboxSection = null) =>
  infiniteQueryOptions({
    queryKey: [...reservationsKey, 'inbox', section],
    queryFn: async ({ pageParam, client }) => {
      const page = await listMerchantReservationsPage(section, pageParam);
      keepPendingCount(client, page.pending);
      return page;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
  });

export function useMerchantReservations(section: InboxSection = null) {
  return useInfiniteQuery(merchantReservationsQueryOptions(section));
}

/** Whether the salon has ever received a reservation (outside the inbox's pages); asked only while `enabled`. */
export function useHasReservations(enabled: boolean) {
  return useQuery({
    queryKey: [...reservationsKey, 'received'],
    queryFn: async () => (await listMerchantReservationsPage(null, null, 1)).reservations.length > 0,
    enabled,
  });
}
