import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@district/service-kit';

// Issue 18: weekly series (a shared id, each date its own opportunity) and private calendar
// feed addresses (one per student, the token stored hashed and sealed).
export class OpportunitySeriesAndCalendarFeeds1797000000000 implements MigrationInterface {
  name = 'OpportunitySeriesAndCalendarFeeds1797000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(`ALTER TABLE "${s}"."opportunities" ADD "series_id" uuid`);
    await queryRunner.query(
      `CREATE INDEX "opportunities_series_id_idx" ON "${s}"."opportunities" ("series_id")`,
    );
    await queryRunner.query(
      `CREATE TABLE "${s}"."calendar_feeds" ("user_id" integer NOT NULL, "token_hash" character varying(64) NOT NULL, "token_sealed" character varying(200) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "calendar_feeds_token_hash_key" UNIQUE ("token_hash"), CONSTRAINT "calendar_feeds_pkey" PRIMARY KEY ("user_id"))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(`DROP TABLE "${s}"."calendar_feeds"`);
    await queryRunner.query(`DROP INDEX "${s}"."opportunities_series_id_idx"`);
    await queryRunner.query(`ALTER TABLE "${s}"."opportunities" DROP COLUMN "series_id"`);
  }
}
