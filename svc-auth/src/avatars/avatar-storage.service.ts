import { ImageStore, imageStoreProvider } from '@district/service-kit';
import type { AuthConfig } from '../auth.config';

// Avatars are the kit's image files under AVATAR_DIR (docs/architecture.md), served straight to
// browsers and cached for a year.
export class AvatarStorage extends ImageStore {}

export const avatarStorageProvider = imageStoreProvider<AuthConfig>(
  AvatarStorage,
  (config) => config.AVATAR_DIR,
);
