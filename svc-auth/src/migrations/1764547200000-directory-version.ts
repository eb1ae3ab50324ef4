import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@district/service-kit';

// A one-row counter that moves whenever something the directory shows changes (users' visible
// columns, hour credits). GET /api/directory reads it with one tiny query and serves its cached
// answer while it stands still. Triggers rather than application code, so seeds, imports and any
// future write path keep it honest; it is transactional, so a reader never sees a new number
// before the data behind it.
export class DirectoryVersion1764547200000 implements MigrationInterface {
  name = 'DirectoryVersion1764547200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(`
      CREATE TABLE "${s}"."directory_version" (
        "id" boolean NOT NULL DEFAULT true,
        "version" bigint NOT NULL DEFAULT 0,
        CONSTRAINT "directory_version_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "directory_version_single_row" CHECK ("id")
      )`);
    await queryRunner.query(
      `INSERT INTO "${s}"."directory_version" ("id", "version") VALUES (true, 0)`,
    );
    await queryRunner.query(`
      CREATE FUNCTION "${s}"."bump_directory_version"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE "${s}"."directory_version" SET "version" = "version" + 1;
        RETURN NULL;
      END $$`);
    // Password and timestamp updates do not change what the directory shows: no bump for them.
    await queryRunner.query(`
      CREATE TRIGGER "users_directory_version"
        AFTER INSERT OR DELETE OR UPDATE OF "name", "school", "grade", "avatar_url", "service_hours", "is_admin", "is_supervisor"
        ON "${s}"."users" FOR EACH STATEMENT EXECUTE FUNCTION "${s}"."bump_directory_version"()`);
    await queryRunner.query(`
      CREATE TRIGGER "users_directory_version_truncate"
        AFTER TRUNCATE ON "${s}"."users" FOR EACH STATEMENT EXECUTE FUNCTION "${s}"."bump_directory_version"()`);
    await queryRunner.query(`
      CREATE TRIGGER "hour_credits_directory_version"
        AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
        ON "${s}"."hour_credits" FOR EACH STATEMENT EXECUTE FUNCTION "${s}"."bump_directory_version"()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(
      `DROP TRIGGER "hour_credits_directory_version" ON "${s}"."hour_credits"`,
    );
    await queryRunner.query(`DROP TRIGGER "users_directory_version_truncate" ON "${s}"."users"`);
    await queryRunner.query(`DROP TRIGGER "users_directory_version" ON "${s}"."users"`);
    await queryRunner.query(`DROP FUNCTION "${s}"."bump_directory_version"()`);
    await queryRunner.query(`DROP TABLE "${s}"."directory_version"`);
  }
}
