import { createHash } from 'node:crypto';
import sharp, { type ResizeOptions } from 'sharp';

// Raster formats only: sharp also reads SVG and PDF, which are text/vector documents we do not
// want to rasterise from user input.
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif', 'avif', 'tiff']);

// Decompression-bomb guard: a small PNG can declare billions of pixels.
const MAX_INPUT_PIXELS = 100_000_000;

export class NotAnImageError extends Error {
  constructor() {
    super('not an image');
    this.name = 'NotAnImageError';
  }
}

export interface ProcessedImage {
  bytes: Buffer;
  // First 16 hex chars of sha256(bytes): the file name changes whenever the picture does.
  hash: string;
}

// How each upload is sized: an avatar is a 256×256 square, an event photo fits in 1600×1600.
export const IMAGE_SIZES = {
  avatar: { width: 256, height: 256, fit: 'cover', position: 'attention' },
  photo: { width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true },
} as const satisfies Record<string, ResizeOptions>;

// Checks the bytes themselves (never the declared type), then re-encodes to WebP with no
// metadata so nothing the client sent (EXIF, GPS, trailing data) is ever served back.
export async function processImage(
  input: Buffer,
  size: ResizeOptions = IMAGE_SIZES.avatar,
): Promise<ProcessedImage> {
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw new NotAnImageError();
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new NotAnImageError();
  let bytes: Buffer;
  try {
    bytes = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .autoOrient()
      .resize(size)
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    // Truncated or corrupt data that passed the header check.
    throw new NotAnImageError();
  }
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  return { bytes, hash };
}

// "<owner id>-<hash>.webp": the owner is the user whose picture it is.
export function imageFileName(ownerId: number, hash: string): string {
  return `${ownerId}-${hash}.webp`;
}

export const IMAGE_FILE_PATTERN = /^(\d{1,12})-([0-9a-f]{16})\.webp$/;
