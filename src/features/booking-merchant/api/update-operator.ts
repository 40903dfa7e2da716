import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { settingsKey } from '@/features/booking-merchant/api/schemas';
import { messageSchema } from '@/lib/api-values';
import { uploadOperatorPhoto } from '@/features/booking-merchant/api/upload-operator-photo';
import { maxLength } from '@/lib/input-limits';
import { callRpc } from '@/lib/rpc';

const updateOperatorInputSchema = z.object({
  operatorId: z.string().check(z.minLength(1)),
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(maxLength.name)),
  /** A new photo, or none to keep the current one. */
  photo: z.nullable(z.instanceof(File)),
});

type UpdateOperatorInput = z.input<typeof updateOperatorInputSchema>;

/** Renames an operator and, when a new photo is given, replaces the photo. */
async function updateOperator(input: UpdateOperatorInput): Promise<{ message: string }> {
  const { operatorId, name, photo } = updateOperatorInputSchema.parse(input);
  const imagePath = photo ? await uploadOperatorPhoto(photo) : null;
  return messageSchema.parse(
    await callRpc('update_operator', { operator_id: operatorId, name, image_path: imagePath }),
  );
}

export function useUpdateOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOperator,
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKey }),
  });
}
