import { MigrationInterface, QueryRunner } from 'typeorm';

export class PersonalNotifications1796000000100 implements MigrationInterface {
  name = 'PersonalNotifications1796000000100';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "notification_items" ADD "recipient_id" integer`);
    await queryRunner.query(`ALTER TABLE "notification_items" ADD "kind" character varying(64)`);
    await queryRunner.query(`ALTER TABLE "notification_items" ADD "body" text`);
    await queryRunner.query(`ALTER TABLE "notification_items" ADD "path" text`);
    await queryRunner.query(
      `ALTER TABLE "notification_items" ALTER COLUMN "location" SET DEFAULT ''`,
    );
    await queryRunner.query(
      `ALTER TABLE "notification_items" ALTER COLUMN "opportunity_id" DROP NOT NULL`,
    );
    await queryRunner.query(
      `ALTER TABLE "notification_items" DROP CONSTRAINT "notification_items_opportunity_key"`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "notification_items_opportunity_key" ON "notification_items"  ("opportunity_id") WHERE "recipient_id" IS NULL`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "content"."notification_items_opportunity_key"`);
    await queryRunner.query(
      `ALTER TABLE "notification_items" ADD CONSTRAINT "notification_items_opportunity_key" UNIQUE ("opportunity_id")`,
    );
    await queryRunner.query(
      `ALTER TABLE "notification_items" ALTER COLUMN "opportunity_id" SET NOT NULL`,
    );
    await queryRunner.query(
      `ALTER TABLE "notification_items" ALTER COLUMN "location" DROP DEFAULT`,
    );
    await queryRunner.query(`ALTER TABLE "notification_items" DROP COLUMN "path"`);
    await queryRunner.query(`ALTER TABLE "notification_items" DROP COLUMN "body"`);
    await queryRunner.query(`ALTER TABLE "notification_items" DROP COLUMN "kind"`);
    await queryRunner.query(`ALTER TABLE "notification_items" DROP COLUMN "recipient_id"`);
  }
}
