import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@district/service-kit';

// Issue 22: the language a confirmation mail and an issued record are written in. Rows from
// before were all written in English.
export class TextsLanguage1797300000000 implements MigrationInterface {
  name = 'TextsLanguage1797300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(
      `ALTER TABLE "${s}"."hour_confirmations" ADD "language" character varying(2) NOT NULL DEFAULT 'en'`,
    );
    await queryRunner.query(
      `ALTER TABLE "${s}"."service_records" ADD "language" character varying(2) NOT NULL DEFAULT 'en'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(`ALTER TABLE "${s}"."service_records" DROP COLUMN "language"`);
    await queryRunner.query(`ALTER TABLE "${s}"."hour_confirmations" DROP COLUMN "language"`);
  }
}
