import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { resourcesQueryOptions } from '@/features/booking-merchant/api/list-resources';
import { messageSchema } from '@/lib/api-values';
import { maxLength } from '@/lib/input-limits';
import { callRpc } from '@/lib/rpc';

/** Registers a cabin or piece of equipment, in use. */
async function addResource(name: string): Promise<{ message: string }> {
  const checked = z.string().check(z.trim(), z.minLength(1), z.maxLength(maxLength.name)).parse(name);
  return messageSchema.parse(await callRpc('add_resource', { name: checked }));
}

export function useAddResource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addResource,
    onSettled: () => queryClient.invalidateQueries({ queryKey: resourcesQueryOptions().queryKey }),
  });
}
