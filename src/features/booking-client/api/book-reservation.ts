import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { bookingKey, merchantSlugSchema } from '@/components/booking/booking-key';
import { callRpc } from '@/lib/rpc';

const bookReservationInputSchema = z.object({
  merchantSlug: merchantSlugSchema,
  treatmentId: z.string().check(z.minLength(1)),
  operatorId: z.nullable(z.string().check(z.minLength(1))),
  date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  time: z.string().check(z.regex(/^\d{2}:\d{2}$/)),
});

type BookReservationInput = z.input<typeof bookReservationInputSchema>;

const bookedSchema = z.object({ id: z.string(), message: z.string() });

/** Books a treatment; the database checks the slot is still free and saves it 'in attesa'. */
async function bookReservation(input: BookReservationInput): Promise<z.infer<typeof bookedSchema>> {
  const { merchantSlug, treatmentId, operatorId, date, time } = bookReservationInputSchema.parse(input);
  return bookedSchema.parse(
    await callRpc('book_reservation', {
      merchant_slug: merchantSlug,
      treatment_id: treatmentId,
      operator_id: operatorId,
      date,
      time,
    }),
  );
}

/** A booking changes the reservations and the free times: the whole salon's booking is read again. */
export function useBookReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookReservation,
    onSettled: (_result, _error, input) =>
      queryClient.invalidateQueries({ queryKey: bookingKey(input.merchantSlug) }),
  });
}
