import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@district/service-kit';

// Issue 20 "Guardian consent under 13": the district's consent mode, and on each account the
// date of birth, the guardian's address and the consent state with the newest link's hash.
// Existing accounts have none of it (school mode, consent_status null).
export class GuardianConsent1797300000000 implements MigrationInterface {
  name = 'GuardianConsent1797300000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(
      `ALTER TABLE "${s}"."privacy_settings" ADD "consent_mode" character varying(16) NOT NULL DEFAULT 'school'`,
    );
    await queryRunner.query(
      `ALTER TABLE "${s}"."users" ADD "date_of_birth" date, ADD "guardian_email" character varying(254), ADD "consent_status" character varying(16), ADD "consent_requested_at" TIMESTAMP WITH TIME ZONE, ADD "consent_token_hash" character(64), ADD "consent_token_expires_at" TIMESTAMP WITH TIME ZONE, ADD "consent_mails_sent" integer NOT NULL DEFAULT '0', ADD CONSTRAINT "users_consent_status_check" CHECK ("consent_status" IN ('pending', 'granted'))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "users_consent_token_hash_key" ON "${s}"."users" ("consent_token_hash")`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(`DROP INDEX "${s}"."users_consent_token_hash_key"`);
    await queryRunner.query(
      `ALTER TABLE "${s}"."users" DROP CONSTRAINT "users_consent_status_check", DROP COLUMN "consent_mails_sent", DROP COLUMN "consent_token_expires_at", DROP COLUMN "consent_token_hash", DROP COLUMN "consent_requested_at", DROP COLUMN "consent_status", DROP COLUMN "guardian_email", DROP COLUMN "date_of_birth"`,
    );
    await queryRunner.query(`ALTER TABLE "${s}"."privacy_settings" DROP COLUMN "consent_mode"`);
  }
}
