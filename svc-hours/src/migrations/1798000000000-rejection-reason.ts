import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@district/service-kit';

// Issue 33: why a supervisor rejected an entry. Never on an approved entry: an approval clears it;
// a corrected entry waiting for review keeps the reason it answers.
export class RejectionReason1798000000000 implements MigrationInterface {
  name = 'RejectionReason1798000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(
      `ALTER TABLE "${s}"."service_hours_logs" ADD "rejection_reason" character varying(500)`,
    );
    await queryRunner.query(
      `ALTER TABLE "${s}"."service_hours_logs" ADD CONSTRAINT "service_hours_logs_rejection_reason_check" CHECK ("rejection_reason" IS NULL OR "status" <> 'approved')`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(
      `ALTER TABLE "${s}"."service_hours_logs" DROP CONSTRAINT "service_hours_logs_rejection_reason_check"`,
    );
    await queryRunner.query(
      `ALTER TABLE "${s}"."service_hours_logs" DROP COLUMN "rejection_reason"`,
    );
  }
}
