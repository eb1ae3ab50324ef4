import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@district/service-kit';

// Issue 29: svc-volunteer's opportunities as its events describe them (opportunities-replica/).
// Filled by opportunity.created/updated/deleted; svc-volunteer's migration of the same issue
// sends an opportunity.updated for every opportunity that existed before.
export class OpportunitiesReplica1797500000000 implements MigrationInterface {
  name = 'OpportunitiesReplica1797500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(
      `CREATE TABLE "${s}"."opportunities_replica" ("id" integer NOT NULL, "title" character varying(200) NOT NULL, "date" TIMESTAMP WITH TIME ZONE NOT NULL, "deleted" boolean NOT NULL DEFAULT false, CONSTRAINT "opportunities_replica_pkey" PRIMARY KEY ("id"))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(`DROP TABLE "${s}"."opportunities_replica"`);
  }
}
