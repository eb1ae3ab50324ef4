import type { MigrationInterface, QueryRunner } from 'typeorm';

// Issue 22: a personal item's shared-catalogue entry { key, values }; items from before have none.
export class NotificationMessage1797400000100 implements MigrationInterface {
  name = 'NotificationMessage1797400000100';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "notification_items" ADD "message" jsonb`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "notification_items" DROP COLUMN "message"`);
  }
}
