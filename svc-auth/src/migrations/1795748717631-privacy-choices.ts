import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@district/service-kit';

// Issue 20: each student's directory choice (existing accounts stay visible, as before) and the
// district's one-row policy for new accounts. The directory's counter trigger also watches the
// choice, so a student who hides themselves leaves the cached directory at once.
export class PrivacyChoices1795748717631 implements MigrationInterface {
  name = 'PrivacyChoices1795748717631';

  public async up(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(
      `CREATE TABLE "${s}"."privacy_settings" ("id" boolean NOT NULL DEFAULT true, "directory_visible_by_default" boolean NOT NULL DEFAULT true, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "privacy_settings_single_row" CHECK ("id"), CONSTRAINT "PK_e31cc479f8c3267c86511223ea0" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "${s}"."users" ADD "directory_visible" boolean NOT NULL DEFAULT true`,
    );
    await queryRunner.query(`DROP TRIGGER "users_directory_version" ON "${s}"."users"`);
    await queryRunner.query(`
      CREATE TRIGGER "users_directory_version"
        AFTER INSERT OR DELETE OR UPDATE OF "name", "school", "grade", "avatar_url", "service_hours", "is_admin", "is_supervisor", "directory_visible"
        ON "${s}"."users" FOR EACH STATEMENT EXECUTE FUNCTION "${s}"."bump_directory_version"()`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(`DROP TRIGGER "users_directory_version" ON "${s}"."users"`);
    await queryRunner.query(`
      CREATE TRIGGER "users_directory_version"
        AFTER INSERT OR DELETE OR UPDATE OF "name", "school", "grade", "avatar_url", "service_hours", "is_admin", "is_supervisor"
        ON "${s}"."users" FOR EACH STATEMENT EXECUTE FUNCTION "${s}"."bump_directory_version"()`);
    await queryRunner.query(`ALTER TABLE "${s}"."users" DROP COLUMN "directory_visible"`);
    await queryRunner.query(`DROP TABLE "${s}"."privacy_settings"`);
  }
}
