import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { reservationRowSchema } from '@/components/booking/reservation-row';
import { bookingKey, merchantSlugSchema } from '@/components/booking/booking-key';
import { callRpc } from '@/lib/rpc';

const sectionReservationSchema = z.extend(reservationRowSchema, {
  /** Until when a confirmed appointment may still be cancelled online (an instant). */
  cancel_until: z.nullable(z.string()),
  /** Why a confirmed appointment that has not started can no longer be cancelled online. */
  cancel_refusal: z.nullable(z.string()),
  /** Whether 'Aggiungi al calendario' has a file to give (a confirmed appointment still to come). */
  calendar_file: z.boolean(),
  /** The visit it is a part of (its place in it, from 1), or null for a single treatment. */
  visit_id: z.nullable(z.string()),
  visit_part: z.nullable(z.number()),
});

export type SectionReservation = z.infer<typeof sectionReservationSchema>;

const reservationSectionsSchema = z.object({
  upcoming: z.array(sectionReservationSchema),
  past: z.array(sectionReservationSchema),
});

type ReservationSections = z.infer<typeof reservationSectionsSchema>;

/** The customer's reservations at one salon, upcoming (soonest first) and past (latest first). */
async function listReservationSections(merchantSlug: string): Promise<ReservationSections> {
  const slug = merchantSlugSchema.parse(merchantSlug);
  return reservationSectionsSchema.parse(
    await callRpc('client_reservation_sections', { merchant_slug: slug }),
  );
}

const reservationSectionsQueryOptions = (merchantSlug: string) =>
  queryOptions({
    queryKey: [...bookingKey(merchantSlug), 'reservation-sections'],
    queryFn: () => listReservationSections(merchantSlug),
  });

export function useReservationSections(merchantSlug: string) {
  return useQuery(reservationSectionsQueryOptions(merchantSlug));
}
