import {
  ConflictException,
  ForbiddenException,
  HttpException,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  API_MESSAGES,
  apiPaths,
  CONSENT_MESSAGES,
  PHOTO_FIELD,
  VALIDATION,
  type EventPhoto,
  type ReviewDecision,
} from '@district/contracts';
import {
  AuditService,
  fieldError,
  IMAGE_SIZES,
  imageFileName,
  NotAnImageError,
  processImage,
  UNKNOWN_USER_NAME,
  withTransaction,
  type Identity,
  isRestrictedUser,
} from '@district/service-kit';
import { PhotoStorage } from './photo-storage';
import { PhotosRepository, type PhotoRow } from './photos.repository';

function toPhoto(row: PhotoRow): EventPhoto {
  return {
    id: row.id,
    opportunityId: row.opportunityId,
    photoUrl: row.photoUrl,
    caption: row.caption,
    username: row.username ?? UNKNOWN_USER_NAME,
    status: row.status,
    submittedAt: row.submittedAt.toISOString(),
  };
}

@Injectable()
export class PhotosService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly photos: PhotosRepository,
    private readonly audit: AuditService,
    private readonly storage: PhotoStorage,
  ) {}

  // Admins see every photo; everyone else approved ones plus their own pending ones.
  async list(opportunityId: number, viewer: Identity): Promise<EventPhoto[]> {
    const rows = await this.photos.listFor(opportunityId, viewer);
    if (rows.length === 0) throw new NotFoundException(API_MESSAGES.opportunityNotFound);
    return rows.filter((row): row is PhotoRow => row.id !== null).map(toPhoto);
  }

  // Photos are of past events: only an archived opportunity takes them. They start pending.
  async submit(
    opportunityId: number,
    user: Identity,
    photoUrl: string,
    caption: string,
  ): Promise<EventPhoto> {
    await this.refuseRestricted(user);
    return this.insert(opportunityId, user, photoUrl, caption);
  }

  // Issue 33: a photo taken or chosen on the phone. The bytes are checked and re-encoded like an
  // avatar (WebP, no metadata, at most 1600 px a side), stored, then submitted as above with the
  // stored file's address; when the submission is refused the file goes again.
  async upload(
    opportunityId: number,
    user: Identity,
    upload: Buffer,
    caption: string,
  ): Promise<EventPhoto> {
    await this.refuseRestricted(user);
    let processed;
    try {
      processed = await processImage(upload, IMAGE_SIZES.photo);
    } catch (error) {
      if (error instanceof NotAnImageError)
        throw fieldError(PHOTO_FIELD, VALIDATION.avatarNotImage);
      throw error;
    }
    const file = imageFileName(user.id, processed.hash);
    const photoUrl = apiPaths.opportunityPhotoFile(opportunityId, file);
    // The file goes first: a row must never name a file that is not there.
    await this.storage.write(file, processed.bytes);
    try {
      return await this.insert(opportunityId, user, photoUrl, caption);
    } catch (error) {
      if (!(await this.photos.isUrlUsed(photoUrl).catch(() => true)))
        await this.storage.remove(file).catch(() => undefined);
      throw error;
    }
  }

  // Issue 33: 404 unless the viewer may see a photo row naming this file.
  async checkFileVisible(opportunityId: number, file: string, viewer: Identity): Promise<void> {
    const photoUrl = apiPaths.opportunityPhotoFile(opportunityId, file);
    if (!(await this.photos.visibleWithUrl(opportunityId, photoUrl, viewer)))
      throw new NotFoundException(API_MESSAGES.notFound);
  }

  readFile(file: string): Promise<Buffer | null> {
    return this.storage.read(file);
  }

  // Issue 20: a student under 13 waiting for a guardian's consent adds no photos.
  private async refuseRestricted(user: Identity): Promise<void> {
    if (await isRestrictedUser(this.dataSource.manager, user.id))
      throw new ForbiddenException(CONSENT_MESSAGES.restrictedPhoto);
  }

  private async insert(
    opportunityId: number,
    user: Identity,
    photoUrl: string,
    caption: string,
  ): Promise<EventPhoto> {
    let photo: PhotoRow | undefined;
    try {
      photo = await this.photos.insertForArchived(opportunityId, user, photoUrl, caption);
    } catch (error) {
      const code =
        error && typeof error === 'object' ? (error as { code?: string }).code : undefined;
      if (code === '23503') throw new NotFoundException(API_MESSAGES.opportunityNotFound);
      throw error;
    }
    if (photo) return toPhoto(photo);
    const status = await this.photos.opportunityStatus(opportunityId);
    if (status === undefined) throw new NotFoundException(API_MESSAGES.opportunityNotFound);
    if (status !== 'archived') throw new ConflictException(API_MESSAGES.photoNotArchived);
    // Only a user already deleted upstream gets here.
    throw new ForbiddenException();
  }

  // Approve or reject; an admin may also change their mind later (hide an approved photo).
  // Issue 9: the review and its audit record commit together; a 404 leaves a failure record only.
  async review(
    opportunityId: number,
    photoId: number,
    status: ReviewDecision,
    actorId: number,
  ): Promise<EventPhoto> {
    const entry = {
      actorId,
      action: status === 'approved' ? ('photo.approve' as const) : ('photo.reject' as const),
      target: { type: 'photo', id: photoId },
    };
    try {
      return await withTransaction(this.dataSource, async (manager) => {
        const before = await this.photos.lockStatus(manager, opportunityId, photoId);
        if (before === undefined) {
          const found = await this.photos.opportunityStatus(opportunityId, manager);
          throw new NotFoundException(
            found === undefined ? API_MESSAGES.opportunityNotFound : API_MESSAGES.photoNotFound,
          );
        }
        const photo = await this.photos.setStatus(manager, opportunityId, photoId, status);
        await this.audit.record(manager, {
          ...entry,
          outcome: 'success',
          detail: { opportunityId, from: before, to: status },
        });
        return toPhoto(photo);
      });
    } catch (error) {
      if (error instanceof HttpException)
        await this.audit.recordFailure({
          ...entry,
          detail: { reason: error.message, status: error.getStatus(), opportunityId },
        });
      throw error;
    }
  }
}
