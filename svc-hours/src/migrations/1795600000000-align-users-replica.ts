import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@district/service-kit';

// The users replica is the kit's (UsersReplicaModule), one table for svc-volunteer, svc-content
// and svc-hours: this service's copy gains the avatar (filled by the next user.updated).
export class AlignUsersReplica1795600000000 implements MigrationInterface {
  name = 'AlignUsersReplica1795600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(`ALTER TABLE "${s}"."users" ADD "avatar_url" character varying(2048)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(`ALTER TABLE "${s}"."users" DROP COLUMN "avatar_url"`);
  }
}
