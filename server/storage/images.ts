import sharp from 'sharp';
import { StorageError, invalidRequest } from './storage-error.ts';

/** What the screens need: operator photos and merchant logos are never shown larger than this. */
export const maxImageSide = 512;

/**
 * The most pixels an image may declare (a 48-megapixel phone photo fits). A few KB of PNG can declare
 * 16000 × 16000 pixels, and decoding them costs a second of CPU: such an image is refused from its header.
 */
export const maxImagePixels = 50_000_000;

const resizable = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif']);

export const imageTooLarge = (width: number, height: number) =>
  new StorageError(
    413,
    'EntityTooLarge',
    'Payload too large',
    `The image is ${width} × ${height} pixels: at most ${maxImagePixels / 1_000_000} megapixels are accepted`,
  );

/**
 * Raster images are turned upright, fitted within maxImageSide and re-encoded in their own format;
 * sharp drops EXIF, GPS and other metadata unless asked to keep it. Other files pass through.
 * The header is read first: an image over maxImagePixels is refused without decoding it.
 */
export async function normaliseImage(bytes: Buffer, mimetype: string): Promise<Buffer> {
  const type = mimetype.split(';')[0]!.trim().toLowerCase();
  if (!resizable.has(type)) return bytes;
  // The header alone; sharp's own pixel limit then guards the decoding too.
  const { width = 0, height = 0 } = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw invalidRequest('The image could not be read');
    });
  if (width * height > maxImagePixels) throw imageTooLarge(width, height);
  try {
    return await sharp(bytes, { limitInputPixels: maxImagePixels, sequentialRead: true })
      .rotate()
      .resize({ width: maxImageSide, height: maxImageSide, fit: 'inside', withoutEnlargement: true })
      .toBuffer();
  } catch {
    throw invalidRequest('The image could not be read');
  }
}
