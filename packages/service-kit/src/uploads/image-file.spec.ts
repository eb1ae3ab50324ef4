import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from '@jest/globals';
import {
  IMAGE_FILE_PATTERN,
  IMAGE_SIZES,
  imageFileName,
  NotAnImageError,
  processImage,
} from './image-file';
import { ImageStore } from './image-store';

describe('processImage', () => {
  it('makes a 256×256 WebP named by its content', async () => {
    const input = await sharp({
      create: { width: 1000, height: 200, channels: 4, background: '#123456' },
    })
      .png()
      .toBuffer();
    const a = await processImage(input);
    const b = await processImage(input);
    expect(await sharp(a.bytes).metadata()).toMatchObject({
      format: 'webp',
      width: 256,
      height: 256,
    });
    expect(a.hash).toMatch(/^[0-9a-f]{16}$/);
    expect(b.hash).toBe(a.hash);
    expect(imageFileName(12, a.hash)).toMatch(IMAGE_FILE_PATTERN);
  });

  it('fits a photo inside 1600×1600, keeping its shape and never enlarging it', async () => {
    const wide = await sharp({
      create: { width: 4000, height: 1000, channels: 3, background: '#654321' },
    })
      .jpeg()
      .toBuffer();
    expect(
      await sharp((await processImage(wide, IMAGE_SIZES.photo)).bytes).metadata(),
    ).toMatchObject({ format: 'webp', width: 1600, height: 400 });
    const small = await sharp({
      create: { width: 40, height: 30, channels: 3, background: '#654321' },
    })
      .png()
      .toBuffer();
    expect(
      await sharp((await processImage(small, IMAGE_SIZES.photo)).bytes).metadata(),
    ).toMatchObject({ width: 40, height: 30 });
  });

  it('refuses bytes that are not a raster image', async () => {
    await expect(processImage(Buffer.from('hello'))).rejects.toBeInstanceOf(NotAnImageError);
    await expect(
      processImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')),
    ).rejects.toBeInstanceOf(NotAnImageError);
  });

  it('only admits plain "<id>-<hash>.webp" names', () => {
    expect(IMAGE_FILE_PATTERN.test('12-0123456789abcdef.webp')).toBe(true);
    for (const bad of [
      '../12-0123456789abcdef.webp',
      '12-0123456789abcdef.png',
      '12-XYZ.webp',
      'a-0123456789abcdef.webp',
    ]) {
      expect(IMAGE_FILE_PATTERN.test(bad)).toBe(false);
    }
  });
});

describe(ImageStore.name, () => {
  it('writes, reads and removes files by name, and every file of one owner', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'image-store-'));
    const sut = new ImageStore(dir);
    await sut.init();
    await sut.write('12-0123456789abcdef.webp', Buffer.from('a'));
    await sut.write('12-fedcba9876543210.webp', Buffer.from('b'));
    await sut.write('120-0123456789abcdef.webp', Buffer.from('c'));
    expect(await sut.read('12-0123456789abcdef.webp')).toEqual(Buffer.from('a'));
    expect(await sut.read('../12-0123456789abcdef.webp')).toBeNull();
    await sut.removeOwnedBy(12);
    expect(await readdir(dir)).toEqual(['120-0123456789abcdef.webp']);
    await rm(dir, { recursive: true });
  });
});
