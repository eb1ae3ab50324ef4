import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@district/service-kit';

// Issue 31: accounts linked to the district's provider (issuer + subject), and accounts without a
// platform password (made by district sign-in: they have nothing to type here).
export class DistrictSignIn1797500000000 implements MigrationInterface {
  name = 'DistrictSignIn1797500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(
      `ALTER TABLE "${s}"."users" ALTER COLUMN "password_hash" DROP NOT NULL`,
    );
    await queryRunner.query(
      `CREATE TABLE "${s}"."district_identities" ("id" integer GENERATED ALWAYS AS IDENTITY NOT NULL, "user_id" integer NOT NULL, "issuer" character varying(2048) NOT NULL, "subject" character varying(255) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "district_identities_pkey" PRIMARY KEY ("id"), CONSTRAINT "district_identities_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "${s}"."users"("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "district_identities_issuer_subject_key" ON "${s}"."district_identities" ("issuer", "subject")`,
    );
    await queryRunner.query(
      `CREATE INDEX "district_identities_user_id_idx" ON "${s}"."district_identities" ("user_id")`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(`DROP TABLE "${s}"."district_identities"`);
    await queryRunner.query(
      `UPDATE "${s}"."users" SET "password_hash" = '!' WHERE "password_hash" IS NULL`,
    );
    await queryRunner.query(`ALTER TABLE "${s}"."users" ALTER COLUMN "password_hash" SET NOT NULL`);
  }
}
