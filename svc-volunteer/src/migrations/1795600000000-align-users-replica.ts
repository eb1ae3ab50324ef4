import type { MigrationInterface, QueryRunner } from 'typeorm';
import { canonicalSchoolName } from '@district/contracts';
import { schemaOf } from '@district/service-kit';

// The users replica is the kit's (UsersReplicaModule), one table for svc-volunteer, svc-content
// and svc-hours: this service's copy gains the canonical school and the avatar. Existing rows
// keep everything; school_name is filled from school here, the avatar by the next user.updated.
export class AlignUsersReplica1795600000000 implements MigrationInterface {
  name = 'AlignUsersReplica1795600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(
      `ALTER TABLE "${s}"."users" ADD "school_name" character varying(200) NOT NULL DEFAULT ''`,
    );
    await queryRunner.query(`ALTER TABLE "${s}"."users" ALTER COLUMN "school_name" DROP DEFAULT`);
    await queryRunner.query(`ALTER TABLE "${s}"."users" ADD "avatar_url" character varying(2048)`);
    // The registry mapping lives in TypeScript (contracts): one UPDATE per distinct school.
    const schools: Array<{ school: string }> = await queryRunner.query(
      `SELECT DISTINCT "school" FROM "${s}"."users" WHERE NOT "deleted"`,
    );
    for (const { school } of schools) {
      await queryRunner.query(
        `UPDATE "${s}"."users" SET "school_name" = $2 WHERE "school" = $1 AND NOT "deleted"`,
        [school, canonicalSchoolName(school)],
      );
    }
    await queryRunner.query(
      `CREATE INDEX "users_school_name_idx" ON "${s}"."users" ("school_name")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(`DROP INDEX "${s}"."users_school_name_idx"`);
    await queryRunner.query(`ALTER TABLE "${s}"."users" DROP COLUMN "avatar_url"`);
    await queryRunner.query(`ALTER TABLE "${s}"."users" DROP COLUMN "school_name"`);
  }
}
