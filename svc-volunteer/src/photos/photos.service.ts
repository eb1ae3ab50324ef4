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
  type EventPhoto,
  type ReviewDecision,
  type ReviewStatus,
} from '@district/contracts';
import {
  AuditService,
  managerRows,
  queryRows,
  withTransaction,
  type Identity,
} from '@district/service-kit';
import { provisionalUserCte, provisionalUserParams } from '../users-replica/provisional-user.util';
import { UNKNOWN_USER_NAME } from '../users-replica/unknown-user.constant';

interface PhotoRow {
  id: number;
  opportunityId: number;
  photoUrl: string;
  caption: string | null;
  status: ReviewStatus;
  submittedAt: Date;
  username: string | null;
}

const PHOTO_COLUMNS = `p."id", p."opportunity_id" AS "opportunityId", p."photo_url" AS "photoUrl", p."caption",
  p."status", p."submitted_at" AS "submittedAt"`;

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
    private readonly audit: AuditService,
  ) {}

  // Admins see every photo; everyone else approved ones plus their own pending ones.
  async list(opportunityId: number, viewer: Identity): Promise<EventPhoto[]> {
    const rows: Array<PhotoRow | { id: null }> = await queryRows(
      this.dataSource,
      `SELECT ${PHOTO_COLUMNS}, u."name" AS "username"
         FROM "opportunities" o
         LEFT JOIN "event_photos" p ON p."opportunity_id" = o."id"
           AND ($2 OR p."status" = 'approved' OR (p."status" = 'pending' AND p."user_id" = $3))
         LEFT JOIN "users" u ON u."id" = p."user_id"
        WHERE o."id" = $1
        ORDER BY p."submitted_at", p."id"`,
      [opportunityId, viewer.isAdmin, viewer.id],
    );
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
    const userId = user.id;
    let rows: PhotoRow[];
    try {
      rows = await queryRows(
        this.dataSource,
        `WITH known AS (${provisionalUserCte('$2', '$5', '$6')}),
         p AS (
           INSERT INTO "event_photos" ("opportunity_id", "user_id", "photo_url", "caption")
           SELECT o."id", $2, $3, $4 FROM "opportunities" o
            WHERE o."id" = $1 AND o."status" = 'archived'
              AND NOT EXISTS (SELECT 1 FROM "users" u WHERE u."id" = $2 AND u."deleted")
           RETURNING *)
         SELECT ${PHOTO_COLUMNS}, COALESCE(u."name", $5) AS "username"
           FROM p LEFT JOIN "users" u ON u."id" = p."user_id"`,
        [opportunityId, userId, photoUrl, caption, ...provisionalUserParams(user)],
      );
    } catch (error) {
      const code =
        error && typeof error === 'object' ? (error as { code?: string }).code : undefined;
      if (code === '23503') throw new NotFoundException(API_MESSAGES.opportunityNotFound);
      throw error;
    }
    if (rows.length > 0) return toPhoto(rows[0]);
    const found: Array<{ status: string }> = await queryRows(
      this.dataSource,
      `SELECT "status" FROM "opportunities" WHERE "id" = $1`,
      [opportunityId],
    );
    if (found.length === 0) throw new NotFoundException(API_MESSAGES.opportunityNotFound);
    if (found[0].status !== 'archived') throw new ConflictException(API_MESSAGES.photoNotArchived);
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
        const before = await managerRows<{ status: ReviewStatus }>(
          manager,
          `SELECT "status" FROM "event_photos" WHERE "id" = $2 AND "opportunity_id" = $1 FOR UPDATE`,
          [opportunityId, photoId],
        );
        if (before.length === 0) {
          const found = await managerRows(
            manager,
            `SELECT 1 FROM "opportunities" WHERE "id" = $1`,
            [opportunityId],
          );
          throw new NotFoundException(
            found.length === 0 ? API_MESSAGES.opportunityNotFound : API_MESSAGES.photoNotFound,
          );
        }
        const rows = await managerRows<PhotoRow>(
          manager,
          `WITH p AS (
             UPDATE "event_photos" SET "status" = $3, "reviewed_at" = now()
              WHERE "id" = $2 AND "opportunity_id" = $1
             RETURNING *)
           SELECT ${PHOTO_COLUMNS}, u."name" AS "username" FROM p LEFT JOIN "users" u ON u."id" = p."user_id"`,
          [opportunityId, photoId, status],
        );
        await this.audit.record(manager, {
          ...entry,
          outcome: 'success',
          detail: { opportunityId, from: before[0].status, to: status },
        });
        return toPhoto(rows[0]);
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
