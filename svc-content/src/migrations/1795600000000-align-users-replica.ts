import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@district/service-kit';

// The users replica is the kit's (UsersReplicaModule), one table for svc-volunteer, svc-content
// and svc-hours: this service's copy gains the school columns. Existing rows keep everything;
// their schools, never sent here before, arrive with the next user.updated.
export class AlignUsersReplica1795600000000 implements MigrationInterface {
  name = 'AlignUsersReplica1795600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    for (const column of ['school', 'school_name']) {
      await queryRunner.query(
        `ALTER TABLE "${s}"."users" ADD "${column}" character varying(200) NOT NULL DEFAULT ''`,
      );
      await queryRunner.query(`ALTER TABLE "${s}"."users" ALTER COLUMN "${column}" DROP DEFAULT`);
    }
    await queryRunner.query(
      `CREATE INDEX "users_school_name_idx" ON "${s}"."users" ("school_name")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(`DROP INDEX "${s}"."users_school_name_idx"`);
    await queryRunner.query(`ALTER TABLE "${s}"."users" DROP COLUMN "school_name"`);
    await queryRunner.query(`ALTER TABLE "${s}"."users" DROP COLUMN "school"`);
  }
}
