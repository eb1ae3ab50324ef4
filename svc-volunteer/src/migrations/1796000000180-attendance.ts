import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@district/service-kit';

// Issue 18: who attended which opportunity, marked by an admin or checked in with the code.
export class Attendance1796000000180 implements MigrationInterface {
  name = 'Attendance1796000000180';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(
      `CREATE TABLE "${s}"."attendance" ("id" integer GENERATED ALWAYS AS IDENTITY NOT NULL, "opportunity_id" integer NOT NULL, "user_id" integer NOT NULL, "attended" boolean NOT NULL, "method" character varying(16) NOT NULL, "recorded_by" integer, "recorded_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "attendance_opportunity_user_key" UNIQUE ("opportunity_id", "user_id"), CONSTRAINT "attendance_recorded_by_check" CHECK (("method" = 'check-in') = ("recorded_by" IS NULL)), CONSTRAINT "attendance_method_check" CHECK ("method" IN ('roster', 'check-in')), CONSTRAINT "PK_ee0ffe42c1f1a01e72b725c0cb2" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "${s}"."attendance" ADD CONSTRAINT "attendance_opportunity_id_fkey" FOREIGN KEY ("opportunity_id") REFERENCES "${s}"."opportunities"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(`DROP TABLE "${s}"."attendance"`);
  }
}
