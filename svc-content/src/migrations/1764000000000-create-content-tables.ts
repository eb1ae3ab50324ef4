import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@district/service-kit';

export class CreateContentTables1764000000000 implements MigrationInterface {
  name = 'CreateContentTables1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(`
      CREATE TABLE "${s}"."blog_posts" (
        "id" integer GENERATED ALWAYS AS IDENTITY NOT NULL,
        "title" character varying(200) NOT NULL,
        -- Plain text as the author typed it; never HTML.
        "content" text NOT NULL,
        "author_id" integer NOT NULL,
        "status" character varying(16) NOT NULL DEFAULT 'pending',
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "blog_posts_pkey" PRIMARY KEY ("id"),
        -- SPEC §5/§9 held by the database too.
        CONSTRAINT "blog_posts_title_check" CHECK (char_length(btrim("title")) >= 5),
        CONSTRAINT "blog_posts_content_check" CHECK (char_length(btrim("content")) >= 100),
        CONSTRAINT "blog_posts_status_check" CHECK ("status" IN ('pending', 'approved', 'rejected'))
      )`);
    // The list everyone sees: approved posts, newest first.
    await queryRunner.query(
      `CREATE INDEX "blog_posts_status_created_idx" ON "${s}"."blog_posts" ("status", "created_at" DESC, "id" DESC)`,
    );
    // An author's own posts (pending and rejected ones included), newest first.
    await queryRunner.query(
      `CREATE INDEX "blog_posts_author_created_idx" ON "${s}"."blog_posts" ("author_id", "created_at" DESC, "id" DESC)`,
    );
    // The admin's list: every post, newest first.
    await queryRunner.query(
      `CREATE INDEX "blog_posts_created_idx" ON "${s}"."blog_posts" ("created_at" DESC, "id" DESC)`,
    );

    // Replica of svc-auth's users, fed by user.* events (never by reading svc-auth's tables).
    await queryRunner.query(`
      CREATE TABLE "${s}"."users" (
        "id" integer NOT NULL,
        "name" character varying(100) NOT NULL,
        "avatar_url" character varying(2048),
        "deleted" boolean NOT NULL DEFAULT false,
        "source_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "users_pkey" PRIMARY KEY ("id")
      )`);

    // One counter per cached list, bumped in the same transaction as any change the list shows
    // (a post written or reviewed, an author renamed or deleted). Every replica compares it with
    // its cached copy, so a cache is never served past a committed change.
    await queryRunner.query(`
      CREATE TABLE "${s}"."list_versions" (
        "name" character varying(32) NOT NULL,
        "version" bigint NOT NULL DEFAULT 0,
        CONSTRAINT "list_versions_pkey" PRIMARY KEY ("name")
      )`);
    await queryRunner.query(`INSERT INTO "${s}"."list_versions" ("name") VALUES ('blog_posts')`);
    await queryRunner.query(`
      CREATE FUNCTION "${s}"."bump_blog_posts_version"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE "${s}"."list_versions" SET "version" = "version" + 1 WHERE "name" = 'blog_posts';
        RETURN NULL;
      END $$`);
    for (const table of ['blog_posts', 'users']) {
      await queryRunner.query(
        `CREATE TRIGGER "${table}_bump_blog_posts_version"
           AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "${s}"."${table}"
           FOR EACH STATEMENT EXECUTE FUNCTION "${s}"."bump_blog_posts_version"()`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(`DROP TABLE "${s}"."users"`);
    await queryRunner.query(`DROP TABLE "${s}"."blog_posts"`);
    await queryRunner.query(`DROP FUNCTION "${s}"."bump_blog_posts_version"()`);
    await queryRunner.query(`DROP TABLE "${s}"."list_versions"`);
  }
}
