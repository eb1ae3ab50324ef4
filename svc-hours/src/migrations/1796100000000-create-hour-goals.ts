import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@district/service-kit';

// Issue 19: hour requirements per grade, optionally per school.
export class CreateHourGoals1796100000000 implements MigrationInterface {
  name = 'CreateHourGoals1796100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(
      `CREATE TABLE "${s}"."hour_goals" ("id" integer GENERATED ALWAYS AS IDENTITY NOT NULL, "grade" integer NOT NULL, "school" character varying(200), "hours" numeric(5,1) NOT NULL, "due_date" date NOT NULL, "updated_by" integer NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "hour_goals_hours_check" CHECK ("hours" >= 0.5 AND "hours" * 2 = trunc("hours" * 2)), CONSTRAINT "PK_0f7c9798566b36e95d6250a69cd" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "hour_goals_grade_district_key" ON "${s}"."hour_goals" ("grade") WHERE "school" IS NULL`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "hour_goals_grade_school_key" ON "${s}"."hour_goals" ("grade", "school") WHERE "school" IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(`DROP TABLE "${s}"."hour_goals"`);
  }
}
