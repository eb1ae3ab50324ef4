import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@district/service-kit';

// Official service records (issue 19): the signed snapshot and the PDF exactly as issued.
export class CreateServiceRecords1796100000000 implements MigrationInterface {
  name = 'CreateServiceRecords1796100000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(
      `CREATE TABLE "${s}"."service_records" ("id" integer GENERATED ALWAYS AS IDENTITY NOT NULL, "code" character varying(12) NOT NULL, "user_id" integer NOT NULL, "issued_by" integer NOT NULL, "issued_at" TIMESTAMP WITH TIME ZONE NOT NULL, "content" jsonb NOT NULL, "signature" character varying(128) NOT NULL, "entries_digest" character(64) NOT NULL, "pdf" bytea NOT NULL, "pdf_sha256" character(64) NOT NULL, "pdf_signature" character varying(128) NOT NULL, CONSTRAINT "PK_eb60ec90c5548e73a5211c48ab9" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "service_records_user_idx" ON "${s}"."service_records" ("user_id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "service_records_pdf_sha256_idx" ON "${s}"."service_records" ("pdf_sha256")`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "service_records_code_key" ON "${s}"."service_records" ("code")`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(`DROP TABLE "${s}"."service_records"`);
  }
}
