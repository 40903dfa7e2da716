import { getMerchantProfile } from '@/features/booking-merchant/api/get-merchant-profile';
import { ApiError } from '@/lib/api-error';
import { preparePhoto } from '@/lib/prepare-photo';

/** The photo's extension from its name, or its type ('image/png' → 'png'). */
function photoExtension(file: { name: string; type: string }): string {
  const fromName = /\.([a-z0-9]{1,5})$/i.exec(file.name)?.[1];
  const fromType = /^image\/([a-z0-9]+)/i.exec(file.type)?.[1];
  return (fromName ?? fromType ?? 'jpg').toLowerCase().replace('jpeg', 'jpg');
}

/**
 * Uploads an operator's photo, resized and stripped of its metadata on the device, under the
 * merchant's own folder of bucket 'operatori' and returns its path, which add_operator and
 * update_operator take; the server resizes and strips it again.
 */
export async function uploadOperatorPhoto(original: File): Promise<string> {
  const file = await preparePhoto(original);
  const { id: merchantId } = await getMerchantProfile();
  const path = `${merchantId}/${crypto.randomUUID()}.${photoExtension(file)}`;
  const { storage } = await import('@/lib/storage');
  const { error } = await storage
    .from('operatori')
    .upload(path, file, { contentType: file.type || undefined });
  if (error) throw new ApiError({ status: 0, code: 'storage', message: error.message });
  return path;
}
