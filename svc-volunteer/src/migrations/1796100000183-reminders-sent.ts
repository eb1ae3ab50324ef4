import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@district/service-kit';

// Issue 18: reminders that went out, one per sign-up, kind and event start (generated, then
// schema-qualified).
export class RemindersSent1796100000183 implements MigrationInterface {
  name = 'RemindersSent1796100000183';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(
      `CREATE TABLE "${s}"."reminders_sent" ("id" integer GENERATED ALWAYS AS IDENTITY NOT NULL, "signup_id" integer NOT NULL, "kind" character varying(32) NOT NULL, "starts_at" TIMESTAMP WITH TIME ZONE NOT NULL, "sent_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "reminders_sent_signup_kind_start_key" UNIQUE ("signup_id", "kind", "starts_at"), CONSTRAINT "PK_7e23c9391bfce15362ed605813c" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "${s}"."reminders_sent" ADD CONSTRAINT "reminders_sent_signup_id_fkey" FOREIGN KEY ("signup_id") REFERENCES "${s}"."signups"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(`DROP TABLE "${s}"."reminders_sent"`);
  }
}
