import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '../database/create-data-source';
import { CreateAuditLog1765000000000 } from './create-audit-log.migration';

// Issue 16: one merged, append-only trail in svc-auth, fed by audit.recorded events.

// The kit's convention (serviceNameOf): a service's schema is its name without "svc-".
const serviceOf = (schema: string) => `svc-${schema}`;

// svc-auth (the store) lists this after CreateAuditLog1765000000000: each row says which service
// it came from and that service's id for it, unique together, so a redelivered event is a no-op.
// Existing rows are svc-auth's own. Adding columns rewrites no row through UPDATE, so the
// append-only trigger is not involved.
export class AuditLogSources1795600000000 implements MigrationInterface {
  name = 'AuditLogSources1795600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(`
      ALTER TABLE "${s}"."audit_log"
        ADD COLUMN "service" text NOT NULL DEFAULT '${serviceOf(s)}',
        ADD COLUMN "source_id" uuid NOT NULL DEFAULT gen_random_uuid()`);
    // Every insert names both (storeAuditRecord); the defaults only filled the existing rows.
    await queryRunner.query(`
      ALTER TABLE "${s}"."audit_log"
        ALTER COLUMN "service" DROP DEFAULT,
        ALTER COLUMN "source_id" DROP DEFAULT`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "audit_log_source_idx" ON "${s}"."audit_log" ("service", "source_id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(`DROP INDEX "${s}"."audit_log_source_idx"`);
    await queryRunner.query(
      `ALTER TABLE "${s}"."audit_log" DROP COLUMN "source_id", DROP COLUMN "service"`,
    );
  }
}

// svc-volunteer, svc-content and svc-hours list this after CreateAuditLog1765000000000: their
// existing records leave as audit.recorded events through the outbox (oldest first, each with
// its original time), then the local table goes, all in the migration's one transaction.
export class MoveAuditLogToOutbox1795600000001 implements MigrationInterface {
  name = 'MoveAuditLogToOutbox1795600000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(
      `INSERT INTO "${s}"."outbox" ("id", "type", "payload")
       SELECT gen_random_uuid(), 'audit.recorded', jsonb_build_object(
                'sourceId', gen_random_uuid(),
                'service', $1::text,
                'at', to_char(a."at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
                'actorId', a."actor_id",
                'action', a."action",
                'targetType', a."target_type",
                'targetId', a."target_id",
                'outcome', a."outcome",
                'detail', a."detail")
         FROM "${s}"."audit_log" a
        ORDER BY a."at", a."id"`,
      [serviceOf(s)],
    );
    await queryRunner.query(`DROP TABLE "${s}"."audit_log"`);
    await queryRunner.query(`DROP FUNCTION "${s}"."audit_log_append_only"()`);
  }

  // The records already went to svc-auth; only the (empty) table comes back.
  async down(queryRunner: QueryRunner): Promise<void> {
    await new CreateAuditLog1765000000000().up(queryRunner);
  }
}
