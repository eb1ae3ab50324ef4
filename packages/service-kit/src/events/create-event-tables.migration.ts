import type { MigrationInterface, QueryRunner } from 'typeorm';

function schemaOfRunner(queryRunner: QueryRunner): string {
  const schema = (queryRunner.dataSource.options as { schema?: string }).schema;
  if (!schema) throw new Error('DataSource has no schema; create it with createDataSource()');
  return schema;
}

// Included automatically by createDataSource(); the timestamp sorts it before service migrations.
export class CreateEventTables1700000000000 implements MigrationInterface {
  name = 'CreateEventTables1700000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOfRunner(queryRunner);
    await queryRunner.query(`
      CREATE TABLE "${s}"."outbox" (
        "id" uuid PRIMARY KEY,
        "seq" bigint GENERATED ALWAYS AS IDENTITY,
        "type" text NOT NULL,
        "payload" jsonb NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "published_at" timestamptz NULL
      )`);
    // The relay only ever scans unpublished rows in order.
    await queryRunner.query(
      `CREATE INDEX "outbox_unpublished_idx" ON "${s}"."outbox" ("seq") WHERE "published_at" IS NULL`,
    );
    await queryRunner.query(`
      CREATE TABLE "${s}"."processed_events" (
        "event_id" uuid PRIMARY KEY,
        "type" text NOT NULL,
        "processed_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOfRunner(queryRunner);
    await queryRunner.query(`DROP TABLE "${s}"."processed_events"`);
    await queryRunner.query(`DROP TABLE "${s}"."outbox"`);
  }
}
