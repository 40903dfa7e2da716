import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { callRpc } from '@/lib/rpc';

const reservationIcsInputSchema = z.object({ reservationId: z.string().check(z.minLength(1)) });

type ReservationIcsInput = z.input<typeof reservationIcsInputSchema>;

/** The .ics calendar entry of a confirmed appointment, the one the confirmation e-mail attaches. */
async function getReservationIcs(input: ReservationIcsInput): Promise<string> {
  const { reservationId } = reservationIcsInputSchema.parse(input);
  return z
    .string()
    .check(z.minLength(1))
    .parse(await callRpc('reservation_ics', { reservation_id: reservationId }));
}

export function useReservationIcs() {
  return useMutation({ mutationFn: getReservationIcs });
}
