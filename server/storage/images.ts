import sharp from 'sharp';
import { invalidRequest } from './storage-error.ts';

/** What the screens need: operator photos and merchant logos are never shown larger than this. */
export const maxImageSide = 512;

const resizable = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif']);

/**
 * Raster images are turned upright, fitted within maxImageSide and re-encoded in their own format;
 * sharp drops EXIF, GPS and other metadata unless asked to keep it. Other files pass through.
 */
export async function normaliseImage(bytes: Buffer, mimetype: string): Promise<Buffer> {
  const type = mimetype.split(';')[0]!.trim().toLowerCase();
  if (!resizable.has(type)) return bytes;
  try {
    return await sharp(bytes)
      .rotate()
      .resize({ width: maxImageSide, height: maxImageSide, fit: 'inside', withoutEnlargement: true })
      .toBuffer();
  } catch {
    throw invalidRequest('The image could not be read');
  }
}
