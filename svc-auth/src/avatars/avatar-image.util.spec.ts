import sharp from 'sharp';
import { describe, expect, it } from '@jest/globals';
import {
  AVATAR_FILE_PATTERN,
  avatarFileName,
  NotAnImageError,
  processAvatar,
} from './avatar-image.util';

describe('processAvatar', () => {
  it('makes a 256×256 WebP named by its content', async () => {
    const input = await sharp({
      create: { width: 1000, height: 200, channels: 4, background: '#123456' },
    })
      .png()
      .toBuffer();
    const a = await processAvatar(input);
    const b = await processAvatar(input);
    expect(await sharp(a.bytes).metadata()).toMatchObject({
      format: 'webp',
      width: 256,
      height: 256,
    });
    expect(a.hash).toMatch(/^[0-9a-f]{16}$/);
    expect(b.hash).toBe(a.hash);
    expect(avatarFileName(12, a.hash)).toMatch(AVATAR_FILE_PATTERN);
  });

  it('refuses bytes that are not a raster image', async () => {
    await expect(processAvatar(Buffer.from('hello'))).rejects.toBeInstanceOf(NotAnImageError);
    await expect(
      processAvatar(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')),
    ).rejects.toBeInstanceOf(NotAnImageError);
  });

  it('only admits plain "<id>-<hash>.webp" names', () => {
    expect(AVATAR_FILE_PATTERN.test('12-0123456789abcdef.webp')).toBe(true);
    for (const bad of [
      '../12-0123456789abcdef.webp',
      '12-0123456789abcdef.png',
      '12-XYZ.webp',
      'a-0123456789abcdef.webp',
    ]) {
      expect(AVATAR_FILE_PATTERN.test(bad)).toBe(false);
    }
  });
});
