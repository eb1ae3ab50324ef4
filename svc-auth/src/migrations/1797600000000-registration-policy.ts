import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@district/service-kit';

// Issue 31 "Who may join": the district's registration policy (open until an admin changes it, so
// the spec's journeys keep working), schools' join codes, and the people of the district roster.
export class RegistrationPolicy1797600000000 implements MigrationInterface {
  name = 'RegistrationPolicy1797600000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(
      `ALTER TABLE "${s}"."privacy_settings" ADD "registration_policy" character varying(16) NOT NULL DEFAULT 'open'`,
    );
    // A roster import deactivates people missing from it (kept, hidden, unable to sign in); the
    // directory's version moves with it like with every column the directory shows.
    await queryRunner.query(
      `ALTER TABLE "${s}"."users" ADD "active" boolean NOT NULL DEFAULT true`,
    );
    await queryRunner.query(`DROP TRIGGER "users_directory_version" ON "${s}"."users"`);
    await queryRunner.query(`
      CREATE TRIGGER "users_directory_version"
        AFTER INSERT OR DELETE OR UPDATE OF "name", "school", "grade", "avatar_url", "service_hours", "is_admin", "is_supervisor", "directory_visible", "active"
        ON "${s}"."users" FOR EACH STATEMENT EXECUTE FUNCTION "${s}"."bump_directory_version"()`);
    await queryRunner.query(
      `CREATE TABLE "${s}"."join_codes" ("id" integer GENERATED ALWAYS AS IDENTITY NOT NULL, "code" character varying(32) NOT NULL, "school" character varying(200) NOT NULL, "uses" integer NOT NULL, "used" integer NOT NULL DEFAULT '0', "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "created_by" integer, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "revoked_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "join_codes_uses_check" CHECK ("uses" > 0), CONSTRAINT "join_codes_used_check" CHECK ("used" >= 0 AND "used" <= "uses"), CONSTRAINT "join_codes_pkey" PRIMARY KEY ("id"), CONSTRAINT "join_codes_created_by_fkey" FOREIGN KEY ("created_by") REFERENCES "${s}"."users"("id") ON DELETE SET NULL ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "join_codes_code_key" ON "${s}"."join_codes" ("code")`,
    );
    await queryRunner.query(
      `CREATE TABLE "${s}"."roster_people" ("sourced_id" character varying(255) NOT NULL, "role" character varying(16) NOT NULL, "email" character varying(254), "given_name" character varying(100) NOT NULL, "family_name" character varying(100) NOT NULL, "school" character varying(200) NOT NULL, "grade" integer, "active" boolean NOT NULL DEFAULT true, "user_id" integer, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "roster_people_role_check" CHECK ("role" IN ('student', 'teacher', 'administrator')), CONSTRAINT "roster_people_pkey" PRIMARY KEY ("sourced_id"), CONSTRAINT "roster_people_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "${s}"."users"("id") ON DELETE SET NULL ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "roster_people_user_id_key" ON "${s}"."roster_people" ("user_id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "roster_people_email_lower_idx" ON "${s}"."roster_people" (lower("email"))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(`DROP TABLE "${s}"."roster_people"`);
    await queryRunner.query(`DROP TABLE "${s}"."join_codes"`);
    await queryRunner.query(
      `ALTER TABLE "${s}"."privacy_settings" DROP COLUMN "registration_policy"`,
    );
    await queryRunner.query(`DROP TRIGGER "users_directory_version" ON "${s}"."users"`);
    await queryRunner.query(`
      CREATE TRIGGER "users_directory_version"
        AFTER INSERT OR DELETE OR UPDATE OF "name", "school", "grade", "avatar_url", "service_hours", "is_admin", "is_supervisor", "directory_visible"
        ON "${s}"."users" FOR EACH STATEMENT EXECUTE FUNCTION "${s}"."bump_directory_version"()`);
    await queryRunner.query(`ALTER TABLE "${s}"."users" DROP COLUMN "active"`);
  }
}
