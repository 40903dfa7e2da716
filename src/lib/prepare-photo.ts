import { ApiError } from '@/lib/api-error';
import { texts } from '@/lib/texts';

/** Operator photos and salon logos are never shown larger than this (server/storage/images.ts agrees). */
export const maxPhotoSide = 512;

/** The size that fits `width` × `height` within `maxSide`, keeping the proportions; never enlarged. */
export function fitWithin(
  width: number,
  height: number,
  maxSide: number = maxPhotoSide,
): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return {
    width: Math.max(1, Math.min(maxSide, Math.round(width * scale))),
    height: Math.max(1, Math.min(maxSide, Math.round(height * scale))),
  };
}

type Canvas = OffscreenCanvas | HTMLCanvasElement;

function newCanvas(width: number, height: number): Canvas {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

function encode(canvas: Canvas, type: string): Promise<Blob | null> {
  if (canvas instanceof HTMLCanvasElement)
    return new Promise((resolve) => canvas.toBlob(resolve, type, 0.85));
  return canvas.convertToBlob({ type, quality: 0.85 }).catch(() => null);
}

const unreadable = () =>
  new ApiError({ status: 0, code: 'photo_unreadable', message: texts.photo.unreadable });

/**
 * A photo picked on the device, redrawn upright within maxPhotoSide and re-encoded as WebP (JPEG on
 * a white ground where the browser cannot write WebP). Only pixels are redrawn, so EXIF, GPS and
 * every other metadata of the original never leave the device; the server strips them again.
 */
export async function preparePhoto(file: Blob & { name?: string }): Promise<File> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' }).catch(() => {
    throw unreadable();
  });
  const { width, height } = fitWithin(bitmap.width, bitmap.height);
  const canvas = newCanvas(width, height);
  const context = canvas.getContext('2d') as
    CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
  if (!context) throw unreadable();
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();

  let blob = await encode(canvas, 'image/webp');
  if (blob?.type !== 'image/webp') {
    context.globalCompositeOperation = 'destination-over';
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    blob = await encode(canvas, 'image/jpeg');
  }
  if (!blob) throw unreadable();
  const extension = blob.type === 'image/webp' ? 'webp' : 'jpg';
  const baseName = (file.name ?? 'foto').replace(/\.[^./]*$/, '') || 'foto';
  return new File([blob], `${baseName}.${extension}`, { type: blob.type });
}
