import { MigrationInterface, QueryRunner } from 'typeorm';

export class WaitlistEntries1796000000100 implements MigrationInterface {
  name = 'WaitlistEntries1796000000100';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "waitlist_entries" ("id" integer GENERATED ALWAYS AS IDENTITY NOT NULL, "opportunity_id" integer NOT NULL, "user_id" integer NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT clock_timestamp(), CONSTRAINT "waitlist_entries_opportunity_user_key" UNIQUE ("opportunity_id", "user_id"), CONSTRAINT "PK_bd0ef66fff81d3be7b7a1568a4d" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "waitlist_entries_user_id_idx" ON "waitlist_entries"  ("user_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "waitlist_entries_line_idx" ON "waitlist_entries"  ("opportunity_id", "created_at", "id") `,
    );
    await queryRunner.query(
      `ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_opportunity_id_fkey" FOREIGN KEY ("opportunity_id") REFERENCES "opportunities"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "waitlist_entries" DROP CONSTRAINT "waitlist_entries_opportunity_id_fkey"`,
    );
    await queryRunner.query(`DROP INDEX "volunteer"."waitlist_entries_line_idx"`);
    await queryRunner.query(`DROP INDEX "volunteer"."waitlist_entries_user_id_idx"`);
    await queryRunner.query(`DROP TABLE "waitlist_entries"`);
  }
}
