import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@district/service-kit';

// Issue 29: svc-hours keeps a replica of the opportunities (an hours entry may only name one that
// exists). Opportunities from before it started listening reach it here: one opportunity.updated
// event per opportunity, written into the outbox like any other, which the relay delivers after
// the deploy (svc-hours applies it as an upsert, so a later edit's event changes nothing back).
export class AnnounceOpportunitiesToHours1797500000000 implements MigrationInterface {
  name = 'AnnounceOpportunitiesToHours1797500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = schemaOf(queryRunner.dataSource);
    await queryRunner.query(
      `INSERT INTO "${s}"."outbox" ("id", "type", "payload")
       SELECT gen_random_uuid(), 'opportunity.updated',
              jsonb_build_object(
                'id', o."id",
                'title', o."title",
                'location', o."location",
                'date', to_char(o."date" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
         FROM "${s}"."opportunities" o
        ORDER BY o."id"`,
    );
  }

  // The events may already have gone; there is nothing to take back.
  async down(): Promise<void> {}
}
