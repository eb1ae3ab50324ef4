import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '../database/create-data-source';

// A service that records privileged actions lists this in its migrations (issue 9). Append-only:
// nothing in the kit updates or deletes rows, and a trigger refuses it even for raw SQL.
export class CreateAuditLog1765000000000 implements MigrationInterface {
  name = 'CreateAuditLog1765000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(`
      CREATE TABLE "${s}"."audit_log" (
        "id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        "at" timestamptz NOT NULL DEFAULT now(),
        "actor_id" integer NULL,
        "action" text NOT NULL,
        "target_type" text NOT NULL,
        "target_id" text NULL,
        "outcome" text NOT NULL CHECK ("outcome" IN ('success', 'failure')),
        "detail" jsonb NULL
      )`);
    // Newest-first pages by keyset (at, id), with or without an actor/action filter.
    await queryRunner.query(
      `CREATE INDEX "audit_log_at_idx" ON "${s}"."audit_log" ("at" DESC, "id" DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX "audit_log_actor_idx" ON "${s}"."audit_log" ("actor_id", "at" DESC, "id" DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX "audit_log_action_idx" ON "${s}"."audit_log" ("action", "at" DESC, "id" DESC)`,
    );
    await queryRunner.query(`
      CREATE FUNCTION "${s}"."audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'audit_log is append-only';
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER "audit_log_append_only"
        BEFORE UPDATE OR DELETE ON "${s}"."audit_log"
        FOR EACH ROW EXECUTE FUNCTION "${s}"."audit_log_append_only"()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(`DROP TABLE "${s}"."audit_log"`);
    await queryRunner.query(`DROP FUNCTION "${s}"."audit_log_append_only"()`);
  }
}
