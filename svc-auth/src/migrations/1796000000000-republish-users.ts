import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@district/service-kit';

// The replicas gained grade, directory visibility and language (ReplicaProfileColumns in the
// other services): every user goes out once more as user.updated, oldest first, so each
// replica fills them in through its usual consumer. The payload is toUserEventPayload's shape.
export class RepublishUsers1796000000000 implements MigrationInterface {
  name = 'RepublishUsers1796000000000';

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
                'language', 'en')
         FROM "${s}"."users" u
        ORDER BY u."id"`,
    );
  }

  // Events already sent cannot be recalled; nothing to undo.
  async down(): Promise<void> {}
}
