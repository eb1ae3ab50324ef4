import { ImageStore, imageStoreProvider } from '@district/service-kit';
import type { VolunteerConfig } from '../volunteer.config';

// Issue 33: uploaded event photos are the kit's image files under PHOTO_DIR, as avatars are
// under svc-auth's AVATAR_DIR.
export class PhotoStorage extends ImageStore {}

export const photoStorageProvider = imageStoreProvider<VolunteerConfig>(
  PhotoStorage,
  (config) => config.PHOTO_DIR,
);
