import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { visitPartSchema, visitPartsArgument } from '@/components/booking/visit-free-times';
import { reservationsKey } from '@/features/booking-merchant/api/schemas';
import { messageSchema } from '@/lib/api-values';
import { callRpc } from '@/lib/rpc';

const bookForClientInputSchema = z.object({
  clientId: z.string().check(z.minLength(1)),
  parts: z.array(visitPartSchema).check(z.minLength(1), z.maxLength(4)),
  date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  time: z.string().check(z.regex(/^\d{2}:\d{2}$/)),
});

export type BookForClientInput = z.input<typeof bookForClientInputSchema>;

/** The salon books one treatment or a visit for its client (a phone call): confirmed at once. */
export function useBookForClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: BookForClientInput) => {
      const { clientId, parts, date, time } = bookForClientInputSchema.parse(input);
      return messageSchema.parse(
        await callRpc('book_for_client', {
          client_id: clientId,
          parts: visitPartsArgument(parts),
          date,
          time,
        }),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: reservationsKey }),
  });
}
