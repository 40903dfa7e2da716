import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  getMerchantProfile,
  merchantProfileQueryOptions,
} from '@/features/booking-merchant/api/get-merchant-profile';
import { ApiError } from '@/lib/api-error';
import { preparePhoto } from '@/lib/prepare-photo';

/**
 * Uploads the salon's logo, redrawn within 512 px and stripped of its metadata on the device, as the
 * one object '{slug}.png' of the public bucket 'loghi' (the storage policies allow a merchant only its
 * own), replacing the previous one. The login and registration pages show it from there.
 */
async function uploadSalonLogo(original: File): Promise<void> {
  const file = await preparePhoto(original);
  const { slug } = await getMerchantProfile();
  const { storage } = await import('@/lib/storage');
  const { error } = await storage
    .from('loghi')
    .upload(`${slug}.png`, file, { contentType: file.type || undefined, upsert: true, cacheControl: '0' });
  if (error) throw new ApiError({ status: 0, code: 'storage', message: error.message });
}

export function useUploadSalonLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadSalonLogo,
    onSettled: () => queryClient.invalidateQueries({ queryKey: merchantProfileQueryOptions().queryKey }),
  });
}
