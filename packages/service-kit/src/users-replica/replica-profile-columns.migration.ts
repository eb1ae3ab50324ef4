import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '../database/create-data-source';

// svc-volunteer, svc-content and svc-hours list this after AlignUsersReplica: the replica learns
// each user's grade and roles (hour goals count students only, issue 19), whether peers may see
// them (issue 20) and their language (issue 22). Existing rows keep the defaults until svc-auth's
// RepublishUsers1796000000000 re-sends every user.
export class ReplicaProfileColumns1796000000000 implements MigrationInterface {
  name = 'ReplicaProfileColumns1796000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(`
      ALTER TABLE "${s}"."users"
        ADD "grade" integer,
        ADD "is_admin" boolean NOT NULL DEFAULT false,
        ADD "is_supervisor" boolean NOT NULL DEFAULT false,
        ADD "directory_visible" boolean NOT NULL DEFAULT true,
        ADD "language" character varying(8) NOT NULL DEFAULT 'en'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(
      `ALTER TABLE "${s}"."users" DROP COLUMN "language", DROP COLUMN "directory_visible", DROP COLUMN "is_supervisor", DROP COLUMN "is_admin", DROP COLUMN "grade"`,
    );
  }
}
