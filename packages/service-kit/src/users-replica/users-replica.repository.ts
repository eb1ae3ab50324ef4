import { Injectable } from '@nestjs/common';
import type { EntityManager, ObjectType } from 'typeorm';
import { canonicalSchoolName, type UserReplicaPayload } from '@district/contracts';
import { UserReplicaEntity } from './user-replica.entity';

// An entity whose rows belong to one user (a `userId` column) and go with them.
export type UserOwnedEntity = ObjectType<{ userId: number }>;

// Writes of the users replica, inside the event consumer's transaction. Raw SQL where TypeORM
// cannot say it: an upsert whose update is conditional (INSERT … ON CONFLICT DO UPDATE … WHERE).
@Injectable()
export class UsersReplicaRepository {
  // Out-of-order delivery is harmless: an older event never overwrites a newer one, and
  // nothing revives a deleted user. The school is mapped to the registry once, here.
  // true when the event's state was stored (false: an older event than the row, or a tombstone).
  async upsert(
    manager: EntityManager,
    user: UserReplicaPayload,
    occurredAt: string,
  ): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO "users" ("id", "name", "school", "school_name", "avatar_url", "grade",
         "is_admin", "is_supervisor", "directory_visible", "language", "source_at", "restricted", "active")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       ON CONFLICT ("id") DO UPDATE SET "name" = EXCLUDED."name", "school" = EXCLUDED."school",
         "school_name" = EXCLUDED."school_name", "avatar_url" = EXCLUDED."avatar_url",
         "grade" = EXCLUDED."grade", "is_admin" = EXCLUDED."is_admin",
         "is_supervisor" = EXCLUDED."is_supervisor", "directory_visible" = EXCLUDED."directory_visible",
         "language" = EXCLUDED."language", "source_at" = EXCLUDED."source_at",
         "restricted" = EXCLUDED."restricted", "active" = EXCLUDED."active"
       WHERE NOT "users"."deleted" AND "users"."source_at" <= EXCLUDED."source_at"
       RETURNING "id"`,
      [
        user.id,
        user.name,
        user.school,
        canonicalSchoolName(user.school),
        user.avatarUrl,
        user.grade,
        user.isAdmin,
        user.isSupervisor,
        user.directoryVisible,
        user.language,
        occurredAt,
        user.restricted,
        user.active,
      ],
    );
    return rows.length > 0;
  }

  // DESIGN.md "Account deletion": what the user was is forgotten; a tombstone stays.
  async tombstone(manager: EntityManager, id: number, occurredAt: string): Promise<void> {
    await manager.query(
      `INSERT INTO "users" ("id", "name", "school", "school_name", "avatar_url", "deleted", "source_at")
       VALUES ($1, '', '', '', NULL, true, $2)
       ON CONFLICT ("id") DO UPDATE SET "name" = '', "school" = '', "school_name" = '',
         "avatar_url" = NULL, "grade" = NULL, "directory_visible" = false, "deleted" = true,
         "source_at" = GREATEST("users"."source_at", EXCLUDED."source_at")`,
      [id, occurredAt],
    );
  }

  async deleteOwnedBy(manager: EntityManager, entity: UserOwnedEntity, id: number): Promise<void> {
    await manager.getRepository(entity).delete({ userId: id });
  }

  // For tests and tools: the replica row as stored.
  findOne(manager: EntityManager, id: number): Promise<UserReplicaEntity | null> {
    return manager.getRepository(UserReplicaEntity).findOneBy({ id });
  }
}
