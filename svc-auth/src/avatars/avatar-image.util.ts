import { createHash } from 'node:crypto';
import sharp from 'sharp';

const AVATAR_SIZE = 256;

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

export interface ProcessedAvatar {
  bytes: Buffer;
  // First 16 hex chars of sha256(bytes): the file name changes whenever the picture does.
  hash: string;
}

// Checks the bytes themselves (never the declared type), then re-encodes to a square WebP with no
// metadata so nothing the client sent (EXIF, GPS, trailing data) is ever served back.
export async function processAvatar(input: Buffer): Promise<ProcessedAvatar> {
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
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    // Truncated or corrupt data that passed the header check.
    throw new NotAnImageError();
  }
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  return { bytes, hash };
}

export function avatarFileName(userId: number, hash: string): string {
  return `${userId}-${hash}.webp`;
}

export const AVATAR_FILE_PATTERN = /^(\d{1,12})-([0-9a-f]{16})\.webp$/;
