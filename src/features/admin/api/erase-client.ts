import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { callRpc } from '@/lib/rpc';

const eraseClientResultSchema = z.object({ erased_clients: z.number(), message: z.string() });

const eraseClientInputSchema = z.object({
  merchantSlug: z.string().check(z.minLength(1)),
  clientCode: z.string().check(z.minLength(1)),
});

/**
 * Erases, on the person's request, a client's personal data at every salon of her login, found by the
 * salon and the client code the tree shows (platform admin only).
 */
async function eraseClient(
  target: z.infer<typeof eraseClientInputSchema>,
): Promise<z.infer<typeof eraseClientResultSchema>> {
  const input = eraseClientInputSchema.parse(target);
  return eraseClientResultSchema.parse(
    await callRpc('admin_erase_client_by_code', {
      merchant_slug: input.merchantSlug,
      client_code: input.clientCode,
    }),
  );
}

export function useEraseClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: eraseClient,
    // Names change in every tree and summary of the admin.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
