import type { MigrationInterface, QueryRunner } from 'typeorm';

// Issue 21: each item keeps the trace id of the request that caused it, so the toast a browser
// receives can be followed back through the queue, the outbox and the service to the gateway.
export class NotificationTrace1797500000100 implements MigrationInterface {
  name = 'NotificationTrace1797500000100';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "notification_items" ADD "trace_id" character varying(32)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "notification_items" DROP COLUMN "trace_id"`);
  }
}
