import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@district/service-kit';

export class CreateHoursTables1763900000000 implements MigrationInterface {
  name = 'CreateHoursTables1763900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(`
      CREATE TABLE "${s}"."service_hours_logs" (
        "id" integer GENERATED ALWAYS AS IDENTITY NOT NULL,
        "user_id" integer NOT NULL,
        "opportunity_id" integer,
        "hours" numeric(4,1) NOT NULL,
        "description" character varying(2000) NOT NULL,
        "date" date NOT NULL,
        "status" character varying(16) NOT NULL DEFAULT 'pending',
        "approved_by" integer,
        "submitted_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "reviewed_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "service_hours_logs_pkey" PRIMARY KEY ("id"),
        -- SPEC §5/§9 held by the database too: 0.5 to 24 in exact halves.
        CONSTRAINT "service_hours_logs_hours_check"
          CHECK ("hours" >= 0.5 AND "hours" <= 24 AND "hours" * 2 = trunc("hours" * 2)),
        CONSTRAINT "service_hours_logs_description_check" CHECK (char_length(btrim("description")) >= 10),
        CONSTRAINT "service_hours_logs_status_check" CHECK ("status" IN ('pending', 'approved', 'rejected')),
        -- A reviewed entry always names its reviewer; a pending one never does.
        CONSTRAINT "service_hours_logs_reviewer_check"
          CHECK (("status" = 'pending') = ("approved_by" IS NULL AND "reviewed_at" IS NULL))
      )`);
    // Own entries, newest first; also what user.deleted removes.
    await queryRunner.query(
      `CREATE INDEX "service_hours_logs_user_idx" ON "${s}"."service_hours_logs" ("user_id", "submitted_at" DESC, "id" DESC)`,
    );
    // The supervisor tabs (pending / approved / rejected), newest first.
    await queryRunner.query(
      `CREATE INDEX "service_hours_logs_status_idx" ON "${s}"."service_hours_logs" ("status", "submitted_at" DESC, "id" DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX "service_hours_logs_submitted_idx" ON "${s}"."service_hours_logs" ("submitted_at" DESC, "id" DESC)`,
    );

    // Replica of svc-auth's users, fed by user.* events (never by reading svc-auth's tables).
    await queryRunner.query(`
      CREATE TABLE "${s}"."users" (
        "id" integer NOT NULL,
        "name" character varying(100) NOT NULL,
        "school" character varying(200) NOT NULL,
        "school_name" character varying(200) NOT NULL,
        "deleted" boolean NOT NULL DEFAULT false,
        "source_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "users_pkey" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "users_school_name_idx" ON "${s}"."users" ("school_name")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(`DROP TABLE "${s}"."users"`);
    await queryRunner.query(`DROP TABLE "${s}"."service_hours_logs"`);
  }
}
