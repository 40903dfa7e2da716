import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { settingsKey } from '@/features/booking-merchant/api/schemas';
import { messageSchema } from '@/lib/api-values';
import { uploadOperatorPhoto } from '@/features/booking-merchant/api/upload-operator-photo';
import { maxLength } from '@/lib/input-limits';
import { callRpc } from '@/lib/rpc';

export const addOperatorInputSchema = z.object({
  name: z.string().trim().min(1).max(maxLength.name),
  photo: z.instanceof(File),
});

export type AddOperatorInput = z.input<typeof addOperatorInputSchema>;

/** Uploads the photo, then registers the operator with its path. */
export async function addOperator(input: AddOperatorInput): Promise<{ message: string }> {
  const { name, photo } = addOperatorInputSchema.parse(input);
  const imagePath = await uploadOperatorPhoto(photo);
  return messageSchema.parse(await callRpc('add_operator', { name, image_path: imagePath }));
}

export function useAddOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addOperator,
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKey }),
  });
}
