import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@district/service-kit';

// Issue 18: attendance becomes approved hours. Each entry says where it came from; an
// attendance entry exists once per (user, opportunity) and carries the event title, which may be
// shorter than the ten characters a student's own description needs.
export class AttendanceHours1796000000100 implements MigrationInterface {
  name = 'AttendanceHours1796000000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    const t = `"${s}"."service_hours_logs"`;
    await queryRunner.query(
      `ALTER TABLE ${t} ADD "source" character varying(16) NOT NULL DEFAULT 'manual'`,
    );
    await queryRunner.query(
      `ALTER TABLE ${t} ADD CONSTRAINT "service_hours_logs_source_check" CHECK ("source" IN ('manual', 'roster', 'check-in'))`,
    );
    await queryRunner.query(
      `ALTER TABLE ${t} DROP CONSTRAINT "service_hours_logs_description_check"`,
    );
    await queryRunner.query(
      `ALTER TABLE ${t} ADD CONSTRAINT "service_hours_logs_description_check" CHECK ("source" <> 'manual' OR char_length(btrim("description")) >= 10)`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "service_hours_logs_attendance_key" ON ${t} ("user_id", "opportunity_id") WHERE "source" <> 'manual'`,
    );
    await queryRunner.query(
      `CREATE INDEX "service_hours_logs_attendance_day_idx" ON ${t} ("user_id", "date") WHERE "source" <> 'manual'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    const t = `"${s}"."service_hours_logs"`;
    await queryRunner.query(`DELETE FROM ${t} WHERE "source" <> 'manual'`);
    await queryRunner.query(`DROP INDEX "${s}"."service_hours_logs_attendance_day_idx"`);
    await queryRunner.query(`DROP INDEX "${s}"."service_hours_logs_attendance_key"`);
    await queryRunner.query(
      `ALTER TABLE ${t} DROP CONSTRAINT "service_hours_logs_description_check"`,
    );
    await queryRunner.query(
      `ALTER TABLE ${t} ADD CONSTRAINT "service_hours_logs_description_check" CHECK (char_length(btrim("description")) >= 10)`,
    );
    await queryRunner.query(`ALTER TABLE ${t} DROP CONSTRAINT "service_hours_logs_source_check"`);
    await queryRunner.query(`ALTER TABLE ${t} DROP COLUMN "source"`);
  }
}
