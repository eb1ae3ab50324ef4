import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@district/service-kit';

// Issue 18: an opportunity has an end. Existing ones last the default two hours.
export class OpportunityEndTime1796000000001 implements MigrationInterface {
  name = 'OpportunityEndTime1796000000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(
      `ALTER TABLE "${s}"."opportunities" ADD "ends_at" TIMESTAMP WITH TIME ZONE`,
    );
    await queryRunner.query(
      `UPDATE "${s}"."opportunities" SET "ends_at" = "date" + interval '2 hours'`,
    );
    await queryRunner.query(
      `ALTER TABLE "${s}"."opportunities" ALTER COLUMN "ends_at" SET NOT NULL`,
    );
    await queryRunner.query(
      `ALTER TABLE "${s}"."opportunities" ADD CONSTRAINT "opportunities_ends_after_start" CHECK ("ends_at" > "date")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(
      `ALTER TABLE "${s}"."opportunities" DROP CONSTRAINT "opportunities_ends_after_start"`,
    );
    await queryRunner.query(`ALTER TABLE "${s}"."opportunities" DROP COLUMN "ends_at"`);
  }
}
