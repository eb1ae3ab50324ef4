import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository, SelectQueryBuilder } from 'typeorm';
import type { ReviewStatus } from '@district/contracts';
import {
  activeUserId,
  provisionalUserCte,
  provisionalUserParams,
  UserReplicaEntity,
  type Identity,
} from '@district/service-kit';
import { OpportunityEntity } from '../opportunities/opportunity.entity';
import { EventPhotoEntity } from './event-photo.entity';

export interface PhotoRow {
  id: number;
  opportunityId: number;
  photoUrl: string;
  caption: string | null;
  status: ReviewStatus;
  submittedAt: Date;
  username: string | null;
}

// The columns of an EventPhoto answer, from alias p joined to the replica's users as u.
function selectPhoto<T extends object>(query: SelectQueryBuilder<T>): SelectQueryBuilder<T> {
  return query
    .select('p.id', 'id')
    .addSelect('p.opportunityId', 'opportunityId')
    .addSelect('p.photoUrl', 'photoUrl')
    .addSelect('p.caption', 'caption')
    .addSelect('p.status', 'status')
    .addSelect('p.submittedAt', 'submittedAt')
    .addSelect('u.name', 'username');
}

@Injectable()
export class PhotosRepository {
  constructor(
    @InjectRepository(EventPhotoEntity) private readonly repo: Repository<EventPhotoEntity>,
    @InjectRepository(OpportunityEntity)
    private readonly opportunities: Repository<OpportunityEntity>,
  ) {}

  // Admins see every photo; everyone else approved ones plus their own pending ones. One row
  // with id null when the opportunity has none; no row when it does not exist.
  listFor(opportunityId: number, viewer: Identity): Promise<Array<PhotoRow | { id: null }>> {
    return selectPhoto(this.opportunities.createQueryBuilder('o'))
      .leftJoin(
        EventPhotoEntity,
        'p',
        // Issue 31: photos of a person a roster import deactivated are hidden (kept), as a
        // deletion would remove them.
        `p.opportunityId = o.id AND (:isAdmin OR p.status = 'approved' OR (p.status = 'pending' AND p.userId = :viewerId)) AND ${activeUserId('"p"."user_id"')}`,
        { isAdmin: viewer.isAdmin, viewerId: viewer.id },
      )
      .leftJoin(UserReplicaEntity, 'u', 'u.id = p.userId')
      .where('o.id = :opportunityId', { opportunityId })
      .orderBy('p.submittedAt')
      .addOrderBy('p.id')
      .getRawMany();
  }

  // Photos are of past events: inserted only for an archived opportunity and a user not deleted
  // upstream, recording the user provisionally first (provisionalUserCte), in one statement.
  // Data-modifying CTEs are beyond TypeORM's builders. No row: refused (see opportunityStatus).
  async insertForArchived(
    opportunityId: number,
    user: Identity,
    photoUrl: string,
    caption: string,
  ): Promise<PhotoRow | undefined> {
    // raw SQL: a data-modifying CTE with the provisional replica row.
    const rows: PhotoRow[] = await this.repo.query(
      `WITH known AS (${provisionalUserCte('$2', '$5', '$6', '$7')}),
       p AS (
         INSERT INTO "event_photos" ("opportunity_id", "user_id", "photo_url", "caption")
         SELECT o."id", $2, $3, $4 FROM "opportunities" o
          WHERE o."id" = $1 AND o."status" = 'archived'
            AND NOT EXISTS (SELECT 1 FROM "users" u WHERE u."id" = $2 AND u."deleted")
         RETURNING *)
       SELECT p."id", p."opportunity_id" AS "opportunityId", p."photo_url" AS "photoUrl", p."caption",
              p."status", p."submitted_at" AS "submittedAt", COALESCE(u."name", $5) AS "username"
         FROM p LEFT JOIN "users" u ON u."id" = p."user_id"`,
      [opportunityId, user.id, photoUrl, caption, ...provisionalUserParams(user)],
    );
    return rows[0];
  }

  // Issue 33: whether the viewer may see a photo stored at this URL (its row's rules, as listFor).
  async visibleWithUrl(
    opportunityId: number,
    photoUrl: string,
    viewer: Identity,
  ): Promise<boolean> {
    const query = this.repo
      .createQueryBuilder('p')
      .where('p.opportunityId = :opportunityId', { opportunityId })
      .andWhere('p.photoUrl = :photoUrl', { photoUrl });
    if (!viewer.isAdmin)
      query.andWhere(`(p.status = 'approved' OR p.userId = :viewerId)`, { viewerId: viewer.id });
    return query.getExists();
  }

  // Whether any row still names this URL (an upload refused after storing its file removes the
  // file only when nothing else shows it: the same picture again has the same name).
  isUrlUsed(photoUrl: string): Promise<boolean> {
    return this.repo.exists({ where: { photoUrl } });
  }

  async opportunityStatus(
    opportunityId: number,
    manager: EntityManager = this.repo.manager,
  ): Promise<string | undefined> {
    const found = await manager
      .getRepository(OpportunityEntity)
      .findOne({ select: { id: true, status: true }, where: { id: opportunityId } });
    return found?.status;
  }

  // The photo's status under its row lock, for a review that records where it came from.
  async lockStatus(
    manager: EntityManager,
    opportunityId: number,
    photoId: number,
  ): Promise<ReviewStatus | undefined> {
    const found = await manager.getRepository(EventPhotoEntity).findOne({
      select: { id: true, status: true },
      where: { id: photoId, opportunityId },
      lock: { mode: 'pessimistic_write' },
    });
    return found?.status;
  }

  async setStatus(
    manager: EntityManager,
    opportunityId: number,
    photoId: number,
    status: ReviewStatus,
  ): Promise<PhotoRow> {
    await manager
      .getRepository(EventPhotoEntity)
      .update({ id: photoId, opportunityId }, { status, reviewedAt: () => 'now()' });
    return (await selectPhoto(manager.getRepository(EventPhotoEntity).createQueryBuilder('p'))
      .leftJoin(UserReplicaEntity, 'u', 'u.id = p.userId')
      .where('p.id = :photoId', { photoId })
      .getRawOne<PhotoRow>())!;
  }
}
