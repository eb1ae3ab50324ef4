import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@district/service-kit';

// Issue 19: the organisation's confirmation of an entry, and the one-row hours settings.
export class HourConfirmations1796200000000 implements MigrationInterface {
  name = 'HourConfirmations1796200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(
      `CREATE TABLE "${s}"."hour_confirmations" ("id" integer GENERATED ALWAYS AS IDENTITY NOT NULL, "log_id" integer NOT NULL, "token_hash" character(64) NOT NULL, "contact_email" character varying(254) NOT NULL, "organisation" character varying(200) NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "decided_at" TIMESTAMP WITH TIME ZONE, "decision" character varying(16), "comment" character varying(1000), "mails_sent" integer NOT NULL DEFAULT '1', CONSTRAINT "hour_confirmations_decided_check" CHECK (("decision" IS NULL) = ("decided_at" IS NULL)), CONSTRAINT "hour_confirmations_decision_check" CHECK ("decision" IN ('confirmed', 'declined')), CONSTRAINT "PK_365a027f5c16de08dcc66d9cec0" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "hour_confirmations_token_key" ON "${s}"."hour_confirmations" ("token_hash")`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "hour_confirmations_log_key" ON "${s}"."hour_confirmations" ("log_id")`,
    );
    await queryRunner.query(
      `CREATE TABLE "${s}"."hours_settings" ("id" smallint NOT NULL DEFAULT '1', "confirmation_approves" boolean NOT NULL DEFAULT false, CONSTRAINT "hours_settings_single_row_check" CHECK ("id" = 1), CONSTRAINT "PK_2a2a08e25a2bb590c58b8c65acb" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "${s}"."hour_confirmations" ADD CONSTRAINT "FK_13c448eea3679c45e0c946a8591" FOREIGN KEY ("log_id") REFERENCES "${s}"."service_hours_logs"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(`DROP TABLE "${s}"."hours_settings"`);
    await queryRunner.query(`DROP TABLE "${s}"."hour_confirmations"`);
  }
}
