import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@district/service-kit';

// The notifications feed (DESIGN rule 6): one item per created opportunity and one read cursor
// per user, so each item reaches a user once whether it goes out by push or by polling.
export class CreateNotificationTables1764600000000 implements MigrationInterface {
  name = 'CreateNotificationTables1764600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(`
      CREATE TABLE "${s}"."notification_items" (
        "id" integer GENERATED ALWAYS AS IDENTITY NOT NULL,
        "type" character varying(32) NOT NULL DEFAULT 'new_opportunity',
        "title" text NOT NULL,
        "location" text NOT NULL,
        "opportunity_id" integer NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "notification_items_pkey" PRIMARY KEY ("id"),
        -- One item per opportunity, whatever the event id of a redelivery.
        CONSTRAINT "notification_items_opportunity_key" UNIQUE ("opportunity_id")
      )`);
    await queryRunner.query(`
      CREATE TABLE "${s}"."notification_cursors" (
        "user_id" integer NOT NULL,
        -- Every item up to this id has been handed to the user (0: none existed yet).
        "last_item_id" integer NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "notification_cursors_pkey" PRIMARY KEY ("user_id")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(`DROP TABLE "${s}"."notification_cursors"`);
    await queryRunner.query(`DROP TABLE "${s}"."notification_items"`);
  }
}
