import type { MigrationInterface, QueryRunner } from 'typeorm';

// The trace an event belongs to travels with its outbox row (issue 21). Part of the kit's
// migrations (createDataSource adds it), like the event tables themselves.
export class AddOutboxTraceparent1796100000000 implements MigrationInterface {
  name = 'AddOutboxTraceparent1796100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const schema = (queryRunner.dataSource.options as { schema?: string }).schema;
    await queryRunner.query(`ALTER TABLE "${schema}"."outbox" ADD "traceparent" text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const schema = (queryRunner.dataSource.options as { schema?: string }).schema;
    await queryRunner.query(`ALTER TABLE "${schema}"."outbox" DROP COLUMN "traceparent"`);
  }
}
