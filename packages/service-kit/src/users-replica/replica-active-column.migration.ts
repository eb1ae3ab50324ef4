import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '../database/create-data-source';

// Issue 31 rosters: svc-volunteer, svc-content and svc-hours list this after
// ReplicaRestrictedColumn. A person a full roster import left out is deactivated in svc-auth
// (`active` false in user.updated): kept with their hours and records, hidden from every list,
// until a later roster has them again. Existing rows are active; svc-auth's
// RepublishInactiveUsers re-sends the people already deactivated.
export class ReplicaActiveColumn1797700000000 implements MigrationInterface {
  name = 'ReplicaActiveColumn1797700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(
      `ALTER TABLE "${s}"."users" ADD "active" boolean NOT NULL DEFAULT true`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(`ALTER TABLE "${s}"."users" DROP COLUMN "active"`);
  }
}
