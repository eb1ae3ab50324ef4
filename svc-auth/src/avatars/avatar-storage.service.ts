import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { SERVICE_CONFIG } from '@district/service-kit';
import type { AuthConfig } from '../auth.config';
import { AVATAR_FILE_PATTERN } from './avatar-image.util';

// Avatars are files under AVATAR_DIR (docs/architecture.md), not rows: they are served straight to
// browsers and cached for a year, never joined or queried, and a volume backs up like any other.
@Injectable()
export class AvatarStorage implements OnModuleInit {
  private readonly dir: string;

  constructor(@Inject(SERVICE_CONFIG) config: AuthConfig) {
    this.dir = config.AVATAR_DIR;
  }

  async onModuleInit(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
  }

  private pathOf(file: string): string {
    // The pattern admits only "<digits>-<hex>.webp", so no path can escape the folder.
    if (!AVATAR_FILE_PATTERN.test(file)) throw new Error(`Not an avatar file name: ${file}`);
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
    if (!AVATAR_FILE_PATTERN.test(file)) return null;
    try {
      return await readFile(this.pathOf(file));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async remove(file: string): Promise<void> {
    if (!AVATAR_FILE_PATTERN.test(file)) return;
    await rm(this.pathOf(file), { force: true });
  }
}
