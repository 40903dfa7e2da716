import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { settingsKey } from '@/features/booking-merchant/api/schemas';
import { messageSchema } from '@/lib/api-values';
import { uploadOperatorPhoto } from '@/features/booking-merchant/api/upload-operator-photo';
import { maxLength } from '@/lib/input-limits';
import { callRpc } from '@/lib/rpc';

const addOperatorInputSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(maxLength.name)),
  photo: z.instanceof(File),
});

type AddOperatorInput = z.input<typeof addOperatorInputSchema>;

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
