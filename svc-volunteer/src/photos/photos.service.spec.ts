import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  NotFoundException,
} from '@nestjs/common';
import sharp from 'sharp';
import type { DataSource, EntityManager } from 'typeorm';
import { API_MESSAGES, CONSENT_MESSAGES } from '@district/contracts';
import { UNKNOWN_USER_NAME, type AuditService, type Identity } from '@district/service-kit';
import type { PhotoStorage } from './photo-storage';
import type { PhotoRow, PhotosRepository } from './photos.repository';
import { PhotosService } from './photos.service';

const STUDENT: Identity = { id: 101, isAdmin: false, isSupervisor: false };
const ADMIN_ID = 1;

const photo = (overrides: Partial<PhotoRow> = {}): PhotoRow => ({
  id: 9,
  opportunityId: 7,
  photoUrl: 'https://photos.test/9.jpg',
  caption: 'Cleanup crew',
  status: 'pending',
  submittedAt: new Date('2026-03-14T18:00:00.000Z'),
  username: 'Stella Student',
  ...overrides,
});

describe(PhotosService.name, () => {
  let restricted: boolean;
  // The replica lookup isRestrictedUser makes through the manager (the kit's helper).
  const manager = {
    getRepository: () => ({ findOne: async () => ({ id: STUDENT.id, restricted }) }),
  } as unknown as EntityManager;
  let photos: jest.Mocked<
    Pick<
      PhotosRepository,
      | 'listFor'
      | 'insertForArchived'
      | 'opportunityStatus'
      | 'lockStatus'
      | 'setStatus'
      | 'visibleWithUrl'
      | 'isUrlUsed'
    >
  >;
  let storage: jest.Mocked<Pick<PhotoStorage, 'write' | 'remove' | 'read'>>;
  let audit: jest.Mocked<Pick<AuditService, 'record' | 'recordFailure'>>;
  let sut: PhotosService;

  beforeEach(() => {
    restricted = false;
    photos = {
      listFor: jest.fn(async () => []),
      insertForArchived: jest.fn(async () => photo()),
      opportunityStatus: jest.fn(async () => 'archived' as const),
      lockStatus: jest.fn(async () => 'pending' as const),
      setStatus: jest.fn(async () => photo({ status: 'approved' })),
      visibleWithUrl: jest.fn(async () => true),
      isUrlUsed: jest.fn(async () => false),
    } as never;
    storage = {
      write: jest.fn(async () => undefined),
      remove: jest.fn(async () => undefined),
      read: jest.fn(async () => Buffer.from('webp')),
    } as never;
    audit = {
      record: jest.fn(async () => 'audit-id'),
      recordFailure: jest.fn(async () => undefined),
    } as never;
    // withTransaction calls dataSource.transaction(fn): the fake runs fn with one manager.
    const dataSource = {
      manager,
      transaction: jest.fn(async (fn: (m: EntityManager) => unknown) => fn(manager)),
    };
    sut = new PhotosService(
      dataSource as unknown as DataSource,
      photos as unknown as PhotosRepository,
      audit as unknown as AuditService,
      storage as unknown as PhotoStorage,
    );
  });

  it('lists the photos, 404 for a missing opportunity, an unknown name for a departed user', async () => {
    await expect(sut.list(7, STUDENT)).rejects.toThrow(NotFoundException);
    photos.listFor.mockResolvedValue([{ id: null }]);
    expect(await sut.list(7, STUDENT)).toEqual([]);
    photos.listFor.mockResolvedValue([photo({ username: null })]);
    expect((await sut.list(7, STUDENT))[0]).toMatchObject({
      username: UNKNOWN_USER_NAME,
      submittedAt: '2026-03-14T18:00:00.000Z',
    });
  });

  describe('submit', () => {
    it('takes a photo of an archived opportunity, pending', async () => {
      expect(await sut.submit(7, STUDENT, 'https://photos.test/9.jpg', 'Crew')).toMatchObject({
        id: 9,
        status: 'pending',
      });
    });

    it('refuses a student waiting for consent (403) before writing anything', async () => {
      restricted = true;
      await expect(sut.submit(7, STUDENT, 'u', 'c')).rejects.toThrow(
        CONSENT_MESSAGES.restrictedPhoto,
      );
      expect(photos.insertForArchived).not.toHaveBeenCalled();
    });

    it('says why nothing was written: 404 missing, 409 not archived, 403 deleted account', async () => {
      photos.insertForArchived.mockResolvedValue(undefined);
      photos.opportunityStatus.mockResolvedValueOnce(undefined);
      await expect(sut.submit(7, STUDENT, 'u', 'c')).rejects.toThrow(NotFoundException);
      photos.opportunityStatus.mockResolvedValueOnce('active');
      await expect(sut.submit(7, STUDENT, 'u', 'c')).rejects.toThrow(ConflictException);
      await expect(sut.submit(7, STUDENT, 'u', 'c')).rejects.toThrow(ForbiddenException);
      photos.insertForArchived.mockRejectedValue(Object.assign(new Error('fk'), { code: '23503' }));
      await expect(sut.submit(7, STUDENT, 'u', 'c')).rejects.toThrow(
        API_MESSAGES.opportunityNotFound,
      );
    });
  });

  describe('upload', () => {
    const jpeg = () =>
      sharp({ create: { width: 3200, height: 2400, channels: 3, background: '#2a6f4e' } })
        .withMetadata({ exif: { IFD0: { Copyright: 'phone' } } })
        .jpeg()
        .toBuffer();

    it('stores the photo re-encoded (WebP, at most 1600 px, no metadata) and submits its address', async () => {
      await sut.upload(7, STUDENT, await jpeg(), 'Crew');
      const [file, bytes] = storage.write.mock.calls[0];
      expect(file).toMatch(/^101-[0-9a-f]{16}\.webp$/);
      const meta = await sharp(bytes).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 1200 });
      expect(meta.exif).toBeUndefined();
      expect(photos.insertForArchived).toHaveBeenCalledWith(
        7,
        STUDENT,
        `/api/opportunities/7/photos/${file}`,
        'Crew',
      );
    });

    it('refuses bytes that are not an image as a 400 on `photo`, storing nothing', async () => {
      const error = await sut.upload(7, STUDENT, Buffer.from('<svg/>'), 'c').catch((e) => e);
      expect(error).toBeInstanceOf(BadRequestException);
      expect((error as BadRequestException).getResponse()).toMatchObject({
        errors: [{ path: 'photo', message: 'Please select an image file' }],
      });
      expect(storage.write).not.toHaveBeenCalled();
    });

    it('removes the stored file again when the submission is refused', async () => {
      photos.insertForArchived.mockResolvedValue(undefined);
      photos.opportunityStatus.mockResolvedValue('active');
      await expect(sut.upload(7, STUDENT, await jpeg(), 'c')).rejects.toThrow(ConflictException);
      expect(storage.remove).toHaveBeenCalledWith(storage.write.mock.calls[0][0]);
    });

    it('keeps the file when an earlier photo row shows the same picture', async () => {
      photos.insertForArchived.mockResolvedValue(undefined);
      photos.isUrlUsed.mockResolvedValue(true);
      await expect(sut.upload(7, STUDENT, await jpeg(), 'c')).rejects.toThrow();
      expect(storage.remove).not.toHaveBeenCalled();
    });

    it('refuses a restricted student before any image work', async () => {
      restricted = true;
      await expect(sut.upload(7, STUDENT, await jpeg(), 'c')).rejects.toThrow(ForbiddenException);
      expect(storage.write).not.toHaveBeenCalled();
    });

    it('serves a file only where the viewer may see its row (404 otherwise)', async () => {
      await expect(sut.checkFileVisible(7, '3-0123456789abcdef.webp', STUDENT)).resolves.toBe(
        undefined,
      );
      expect(photos.visibleWithUrl).toHaveBeenCalledWith(
        7,
        '/api/opportunities/7/photos/3-0123456789abcdef.webp',
        STUDENT,
      );
      photos.visibleWithUrl.mockResolvedValue(false);
      await expect(sut.checkFileVisible(7, '3-0123456789abcdef.webp', STUDENT)).rejects.toThrow(
        NotFoundException,
      );
    });
  });

  describe('review', () => {
    it('approves with the from/to in the audit record', async () => {
      expect(await sut.review(7, 9, 'approved', ADMIN_ID)).toMatchObject({ status: 'approved' });
      expect(photos.setStatus).toHaveBeenCalledWith(manager, 7, 9, 'approved');
      expect(audit.record).toHaveBeenCalledWith(manager, {
        actorId: ADMIN_ID,
        action: 'photo.approve',
        target: { type: 'photo', id: 9 },
        outcome: 'success',
        detail: { opportunityId: 7, from: 'pending', to: 'approved' },
      });
    });

    it('answers 404 photo or opportunity, leaving a failure record only', async () => {
      photos.lockStatus.mockResolvedValue(undefined);
      await expect(sut.review(7, 9, 'rejected', ADMIN_ID)).rejects.toThrow(
        API_MESSAGES.photoNotFound,
      );
      photos.opportunityStatus.mockResolvedValue(undefined);
      await expect(sut.review(7, 9, 'rejected', ADMIN_ID)).rejects.toThrow(
        API_MESSAGES.opportunityNotFound,
      );
      expect(photos.setStatus).not.toHaveBeenCalled();
      expect(audit.record).not.toHaveBeenCalled();
      expect(audit.recordFailure).toHaveBeenCalledTimes(2);
      expect(audit.recordFailure.mock.calls[0][0]).toMatchObject({
        action: 'photo.reject',
        detail: { status: 404, opportunityId: 7 },
      });
    });
  });
});
