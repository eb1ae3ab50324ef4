import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@district/service-kit';

// Issue 31: one-time links that let the owner of a mailbox take over a password account someone
// made with their address (district_claim_tokens, hashed like password_reset_tokens).
export class DistrictClaimTokens1797700000100 implements MigrationInterface {
  name = 'DistrictClaimTokens1797700000100';

  public async up(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(`
      CREATE TABLE "${s}"."district_claim_tokens" (
        "id" integer GENERATED ALWAYS AS IDENTITY NOT NULL,
        "user_id" integer NOT NULL,
        "issuer" character varying(2048) NOT NULL,
        "subject" character varying(255) NOT NULL,
        "token_hash" character(64) NOT NULL,
        "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "used_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "district_claim_tokens_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "district_claim_tokens_user_id_fkey" FOREIGN KEY ("user_id")
          REFERENCES "${s}"."users"("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "district_claim_tokens_token_hash_key" ON "${s}"."district_claim_tokens" ("token_hash")`,
    );
    await queryRunner.query(
      `CREATE INDEX "district_claim_tokens_user_id_idx" ON "${s}"."district_claim_tokens" ("user_id")`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(`DROP TABLE "${s}"."district_claim_tokens"`);
  }
}
