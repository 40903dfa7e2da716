import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { bookingKey, merchantSlugSchema } from '@/components/booking/booking-key';
import { visitPartSchema, visitPartsArgument } from '@/components/booking/visit-free-times';
import { callRpc } from '@/lib/rpc';

const bookVisitInputSchema = z.object({
  merchantSlug: merchantSlugSchema,
  parts: z.array(visitPartSchema).check(z.minLength(2), z.maxLength(4)),
  date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  time: z.string().check(z.regex(/^\d{2}:\d{2}$/)),
});

type BookVisitInput = z.input<typeof bookVisitInputSchema>;

const bookedSchema = z.object({ id: z.string(), message: z.string() });

/** Books 2 to 4 treatments in sequence as one request 'in attesa'; the database checks the whole still fits. */
async function bookVisit(input: BookVisitInput): Promise<z.infer<typeof bookedSchema>> {
  const { merchantSlug, parts, date, time } = bookVisitInputSchema.parse(input);
  return bookedSchema.parse(
    await callRpc('book_visit', {
      merchant_slug: merchantSlug,
      parts: visitPartsArgument(parts),
      date,
      time,
    }),
  );
}

/** A visit changes the reservations and the free times: the whole salon's booking is read again. */
export function useBookVisit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookVisit,
    onSettled: (_result, _error, input) =>
      queryClient.invalidateQueries({ queryKey: bookingKey(input.merchantSlug) }),
  });
}
