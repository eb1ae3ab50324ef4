import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@district/service-kit';

export class CreateAuthTables1763740800000 implements MigrationInterface {
  name = 'CreateAuthTables1763740800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(`
      CREATE TABLE "${s}"."users" (
        "id" integer GENERATED ALWAYS AS IDENTITY NOT NULL,
        "username" character varying(50) NOT NULL,
        "password_hash" character varying(255) NOT NULL,
        "name" character varying(100) NOT NULL,
        "email" character varying(254) NOT NULL,
        "school" character varying(200) NOT NULL,
        "grade" integer NOT NULL,
        "is_admin" boolean NOT NULL DEFAULT false,
        "is_supervisor" boolean NOT NULL DEFAULT false,
        "avatar_url" character varying(2048),
        "service_hours" numeric(8,1) NOT NULL DEFAULT '0',
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "users_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "users_service_hours_check" CHECK ("service_hours" >= 0)
      )`);
    // Case-insensitive uniqueness: "Alice" and "alice" are the same account name.
    await queryRunner.query(
      `CREATE UNIQUE INDEX "users_username_lower_key" ON "${s}"."users" (lower("username"))`,
    );
    // Password reset looks users up by e-mail, case-insensitively.
    await queryRunner.query(
      `CREATE INDEX "users_email_lower_idx" ON "${s}"."users" (lower("email"))`,
    );

    await queryRunner.query(`
      CREATE TABLE "${s}"."password_reset_tokens" (
        "id" integer GENERATED ALWAYS AS IDENTITY NOT NULL,
        "user_id" integer NOT NULL,
        "token_hash" character(64) NOT NULL,
        "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "used_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "password_reset_tokens_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "password_reset_tokens_user_id_fkey" FOREIGN KEY ("user_id")
          REFERENCES "${s}"."users"("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "password_reset_tokens_token_hash_key" ON "${s}"."password_reset_tokens" ("token_hash")`,
    );
    await queryRunner.query(
      `CREATE INDEX "password_reset_tokens_user_id_idx" ON "${s}"."password_reset_tokens" ("user_id")`,
    );

    await queryRunner.query(`
      CREATE TABLE "${s}"."hour_credits" (
        "log_id" integer NOT NULL,
        "user_id" integer NOT NULL,
        "hours" numeric(6,1) NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "hour_credits_pkey" PRIMARY KEY ("log_id"),
        CONSTRAINT "hour_credits_user_id_fkey" FOREIGN KEY ("user_id")
          REFERENCES "${s}"."users"("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);
    await queryRunner.query(
      `CREATE INDEX "hour_credits_user_id_idx" ON "${s}"."hour_credits" ("user_id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(`DROP TABLE "${s}"."hour_credits"`);
    await queryRunner.query(`DROP TABLE "${s}"."password_reset_tokens"`);
    await queryRunner.query(`DROP TABLE "${s}"."users"`);
  }
}
