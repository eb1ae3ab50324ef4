import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '../database/create-data-source';

// Issue 20 guardian consent: svc-volunteer, svc-content and svc-hours list this after
// ReplicaProfileColumns. A student under 13 waiting for a guardian's consent is `restricted`
// (no blog posts, no photos, hidden from peers' sign-up lists) until user.updated lifts it.
export class ReplicaRestrictedColumn1797200000000 implements MigrationInterface {
  name = 'ReplicaRestrictedColumn1797200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(
      `ALTER TABLE "${s}"."users" ADD "restricted" boolean NOT NULL DEFAULT false`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(`ALTER TABLE "${s}"."users" DROP COLUMN "restricted"`);
  }
}
