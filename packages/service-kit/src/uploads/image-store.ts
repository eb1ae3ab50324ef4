import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FactoryProvider } from '@nestjs/common';
import { SERVICE_CONFIG } from '../config/service-config.token';
import { IMAGE_FILE_PATTERN } from './image-file';

// Uploaded images are files under a folder of their own (AVATAR_DIR, PHOTO_DIR), not rows: they
// are served to browsers, never joined or queried, and a volume backs up like any other.
export class ImageStore {
  constructor(private readonly dir: string) {}

  // Call once at start (a module's onModuleInit).
  async init(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
  }

  private pathOf(file: string): string {
    // The pattern admits only "<digits>-<hex>.webp", so no path can escape the folder.
    if (!IMAGE_FILE_PATTERN.test(file)) throw new Error(`Not an image file name: ${file}`);
    return join(this.dir, file);
  }

  // Write-then-rename: a reader sees the whole file or none of it. Same name = same bytes, so a
  // repeat upload of the same picture simply replaces the file with itself.
  async write(file: string, bytes: Buffer): Promise<void> {
    const target = this.pathOf(file);
    const temp = join(this.dir, `.${file}.${randomBytes(6).toString('hex')}.tmp`);
    await writeFile(temp, bytes);
    await rename(temp, target);
  }

  async read(file: string): Promise<Buffer | null> {
    if (!IMAGE_FILE_PATTERN.test(file)) return null;
    try {
      return await readFile(this.pathOf(file));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async remove(file: string): Promise<void> {
    if (!IMAGE_FILE_PATTERN.test(file)) return;
    await rm(this.pathOf(file), { force: true });
  }

  // Every file of one owner ("<ownerId>-<hash>.webp"): a deleted account's pictures go with it.
  async removeOwnedBy(ownerId: number): Promise<void> {
    for (const file of await readdir(this.dir)) {
      const match = IMAGE_FILE_PATTERN.exec(file);
      if (match && Number(match[1]) === ownerId) await this.remove(file);
    }
  }
}

// A feature's store as a provider: `class AvatarStorage extends ImageStore {}` and
// `imageStoreProvider(AvatarStorage, (config) => config.AVATAR_DIR)`; its folder is made at start.
export function imageStoreProvider<C>(
  store: new (dir: string) => ImageStore,
  dirOf: (config: C) => string,
): FactoryProvider {
  return {
    provide: store,
    inject: [SERVICE_CONFIG],
    useFactory: async (config: C) => {
      const instance = new store(dirOf(config));
      await instance.init();
      return instance;
    },
  };
}
