import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { callRpc } from '@/lib/rpc';

const eraseClientResultSchema = z.object({ erased_clients: z.number(), message: z.string() });

/** Erases, on the person's request, a client's personal data at every salon of her login (platform admin only). */
export async function eraseClient(clientId: string): Promise<z.infer<typeof eraseClientResultSchema>> {
  return eraseClientResultSchema.parse(
    await callRpc('admin_erase_client', { client_id: z.string().min(1).parse(clientId) }),
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
