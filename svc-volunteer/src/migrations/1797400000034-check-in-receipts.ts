import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@district/service-kit';

// Issue 34: idempotency keys of check-ins sent from a phone after an offline scan.
export class CheckInReceipts1797400000034 implements MigrationInterface {
  name = 'CheckInReceipts1797400000034';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(
      `CREATE TABLE "${s}"."check_in_receipts" ("id" integer GENERATED ALWAYS AS IDENTITY NOT NULL, "user_id" integer NOT NULL, "idempotency_key" uuid NOT NULL, "opportunity_id" integer NOT NULL, "scanned_at" TIMESTAMP WITH TIME ZONE NOT NULL, "received_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "check_in_receipts_user_key_key" UNIQUE ("user_id", "idempotency_key"), CONSTRAINT "check_in_receipts_pkey" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "${s}"."check_in_receipts" ADD CONSTRAINT "check_in_receipts_opportunity_id_fkey" FOREIGN KEY ("opportunity_id") REFERENCES "${s}"."opportunities"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(`DROP TABLE "${s}"."check_in_receipts"`);
  }
}
