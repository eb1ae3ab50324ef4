import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@district/service-kit';

// Issue 31: the replicas gained `active` (ReplicaActiveColumn in the other services, every row
// active by default). People a roster import deactivated before that go out once more as
// user.updated, so every service hides them. The payload is toUserEventPayload's shape.
export class RepublishInactiveUsers1797700000000 implements MigrationInterface {
  name = 'RepublishInactiveUsers1797700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(
      `INSERT INTO "${s}"."outbox" ("id", "type", "payload")
       SELECT gen_random_uuid(), 'user.updated', jsonb_build_object(
                'id', u."id",
                'name', u."name",
                'school', u."school",
                'grade', u."grade",
                'avatarUrl', u."avatar_url",
                'isAdmin', u."is_admin",
                'isSupervisor', u."is_supervisor",
                'directoryVisible', u."directory_visible",
                'language', u."language",
                'restricted', u."consent_status" IS NOT DISTINCT FROM 'pending',
                'active', false)
         FROM "${s}"."users" u
        WHERE NOT u."active"
        ORDER BY u."id"`,
    );
  }

  // Events already sent cannot be recalled; nothing to undo.
  async down(): Promise<void> {}
}
