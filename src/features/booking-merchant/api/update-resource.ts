import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resourcesQueryOptions } from '@/features/booking-merchant/api/list-resources';
import { messageSchema } from '@/lib/api-values';
import { callRpc } from '@/lib/rpc';

/** Says whether a resource is in use (out of use: the treatments needing it have no free times). */
async function updateResource(input: {
  id: string;
  name: string;
  active: boolean;
}): Promise<{ message: string }> {
  return messageSchema.parse(
    await callRpc('update_resource', { resource_id: input.id, name: input.name, active: input.active }),
  );
}

export function useUpdateResource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateResource,
    onSettled: () => queryClient.invalidateQueries({ queryKey: resourcesQueryOptions().queryKey }),
  });
}
