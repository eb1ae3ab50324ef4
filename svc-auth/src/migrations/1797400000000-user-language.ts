import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@district/service-kit';

// Issue 22: the language each user reads the platform and their e-mails in. Existing accounts
// were all English.
export class UserLanguage1797400000000 implements MigrationInterface {
  name = 'UserLanguage1797400000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(
      `ALTER TABLE "${s}"."users" ADD "language" character varying(8) NOT NULL DEFAULT 'en', ADD CONSTRAINT "users_language_check" CHECK ("language" IN ('en', 'es'))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(
      `ALTER TABLE "${s}"."users" DROP CONSTRAINT "users_language_check", DROP COLUMN "language"`,
    );
  }
}
