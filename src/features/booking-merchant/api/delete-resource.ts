import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resourcesQueryOptions } from '@/features/booking-merchant/api/list-resources';
import { messageSchema } from '@/lib/api-values';
import { callRpc } from '@/lib/rpc';

/** Deletes a resource; the treatments that needed it no longer do. */
async function deleteResource(id: string): Promise<{ message: string }> {
  return messageSchema.parse(await callRpc('delete_resource', { resource_id: id }));
}

export function useDeleteResource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteResource,
    onSettled: () => queryClient.invalidateQueries({ queryKey: resourcesQueryOptions().queryKey }),
  });
}
