import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@district/service-kit';
import { opportunitiesChannel } from '../opportunities/opportunities-channel.constant';

export class CreateVolunteerTables1763800000000 implements MigrationInterface {
  name = 'CreateVolunteerTables1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(`
      CREATE TABLE "${s}"."opportunities" (
        "id" integer GENERATED ALWAYS AS IDENTITY NOT NULL,
        "title" character varying(200) NOT NULL,
        "description" character varying(5000) NOT NULL,
        "location" character varying(200) NOT NULL,
        "date" TIMESTAMP WITH TIME ZONE NOT NULL,
        "spaces" integer NOT NULL,
        "filled" integer NOT NULL DEFAULT 0,
        "status" character varying(16) NOT NULL DEFAULT 'active',
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "archived_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "opportunities_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "opportunities_spaces_check" CHECK ("spaces" >= 1),
        CONSTRAINT "opportunities_status_check" CHECK ("status" IN ('active', 'archived')),
        -- The capacity rule itself: no statement, however concurrent, can push filled past spaces.
        CONSTRAINT "opportunities_filled_within_spaces" CHECK ("filled" >= 0 AND "filled" <= "spaces")
      )`);
    await queryRunner.query(
      `CREATE INDEX "opportunities_status_date_idx" ON "${s}"."opportunities" ("status", "date")`,
    );

    await queryRunner.query(`
      CREATE TABLE "${s}"."signups" (
        "id" integer GENERATED ALWAYS AS IDENTITY NOT NULL,
        "opportunity_id" integer NOT NULL,
        "user_id" integer NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "signups_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "signups_opportunity_user_key" UNIQUE ("opportunity_id", "user_id"),
        CONSTRAINT "signups_opportunity_id_fkey" FOREIGN KEY ("opportunity_id")
          REFERENCES "${s}"."opportunities"("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE INDEX "signups_user_id_idx" ON "${s}"."signups" ("user_id")`);

    // filled mirrors count(signups) and is kept by the database itself: the increment takes the
    // opportunity's row lock and re-reads the newest row, so the CHECK above refuses the signup
    // that would exceed spaces, whichever code path (or replica) inserts it.
    await queryRunner.query(`
      CREATE FUNCTION "${s}"."signups_count_filled"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          UPDATE "${s}"."opportunities" SET "filled" = "filled" + 1 WHERE "id" = NEW."opportunity_id";
          RETURN NEW;
        END IF;
        UPDATE "${s}"."opportunities" SET "filled" = "filled" - 1 WHERE "id" = OLD."opportunity_id";
        RETURN OLD;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER "signups_count_filled" AFTER INSERT OR DELETE ON "${s}"."signups"
        FOR EACH ROW EXECUTE FUNCTION "${s}"."signups_count_filled"()`);

    // Any change to an opportunity row (created, archived, deleted, filled moved by a signup)
    // tells every replica to drop its cached lists. NOTIFY is delivered at commit, so no replica
    // can cache data older than the notice it has seen; identical notices in one transaction fold.
    await queryRunner.query(`
      CREATE FUNCTION "${s}"."opportunities_notify_change"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('${opportunitiesChannel(s)}', '');
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER "opportunities_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "${s}"."opportunities"
        FOR EACH ROW EXECUTE FUNCTION "${s}"."opportunities_notify_change"()`);

    await queryRunner.query(`
      CREATE TABLE "${s}"."event_photos" (
        "id" integer GENERATED ALWAYS AS IDENTITY NOT NULL,
        "opportunity_id" integer NOT NULL,
        "user_id" integer NOT NULL,
        "photo_url" character varying(2048) NOT NULL,
        "caption" character varying(200),
        "status" character varying(16) NOT NULL DEFAULT 'pending',
        "submitted_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "reviewed_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "event_photos_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "event_photos_status_check" CHECK ("status" IN ('pending', 'approved', 'rejected')),
        CONSTRAINT "event_photos_opportunity_id_fkey" FOREIGN KEY ("opportunity_id")
          REFERENCES "${s}"."opportunities"("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(
      `CREATE INDEX "event_photos_opportunity_id_idx" ON "${s}"."event_photos" ("opportunity_id", "submitted_at")`,
    );
    await queryRunner.query(
      `CREATE INDEX "event_photos_user_id_idx" ON "${s}"."event_photos" ("user_id")`,
    );

    // Replica of svc-auth's users, fed by user.* events (never by reading svc-auth's tables).
    // A deleted user stays as a tombstone so a late user.updated cannot bring them back.
    await queryRunner.query(`
      CREATE TABLE "${s}"."users" (
        "id" integer NOT NULL,
        "name" character varying(100) NOT NULL,
        "school" character varying(200) NOT NULL,
        "deleted" boolean NOT NULL DEFAULT false,
        "source_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "users_pkey" PRIMARY KEY ("id")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(`DROP TABLE "${s}"."users"`);
    await queryRunner.query(`DROP TABLE "${s}"."event_photos"`);
    await queryRunner.query(`DROP TABLE "${s}"."signups"`);
    await queryRunner.query(`DROP FUNCTION "${s}"."signups_count_filled"()`);
    await queryRunner.query(`DROP TABLE "${s}"."opportunities"`);
    await queryRunner.query(`DROP FUNCTION "${s}"."opportunities_notify_change"()`);
  }
}
