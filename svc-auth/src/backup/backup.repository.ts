import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { schemaOf } from '@district/service-kit';

// Every user as one JSON line through a server-side cursor, fetched a batch at a time in the
// caller's transaction (made REPEATABLE READ here) (test/backup-stream.integration-spec.ts holds the memory bound).
@Injectable()
export class BackupRepository {
  private readonly schema: string;

  constructor(dataSource: DataSource) {
    this.schema = schemaOf(dataSource);
  }

  // PostgreSQL writes each user's JSON (BackupUser's fields), so Node only joins strings:
  // little garbage per row, which keeps the process small while 100,000 rows go through.
  // `manager` is a fresh transaction's (nothing run in it yet).
  async openUsersCursor(manager: EntityManager): Promise<void> {
    const s = this.schema;
    // raw SQL: the kit's withTransaction takes no isolation level; SET TRANSACTION as the first
    // statement gives the download one consistent picture of every user.
    await manager.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    // raw SQL: a server-side cursor (DECLARE/FETCH), which TypeORM cannot express.
    await manager.query(
      `DECLARE users_backup NO SCROLL CURSOR FOR
         SELECT row_to_json(b)::text AS line FROM (
           SELECT u.id, u.username, u.name, u.email, u.school, u.grade,
                  u.avatar_url AS "avatarUrl",
                  (u.service_hours + COALESCE(c.total, 0))::float8 AS "serviceHours",
                  u.is_admin AS "isAdmin", u.is_supervisor AS "isSupervisor"
             FROM "${s}"."users" u
             LEFT JOIN (SELECT user_id, sum(hours) AS total FROM "${s}"."hour_credits" GROUP BY user_id) c
               ON c.user_id = u.id
            ORDER BY u.id) b`,
    );
  }

  // The next lines of the cursor; none once every user went out.
  async fetchUsers(manager: EntityManager, count: number): Promise<string[]> {
    // raw SQL: FETCH from the cursor above.
    const rows = (await manager.query(`FETCH ${count} FROM users_backup`)) as Array<{
      line: string;
    }>;
    return rows.map((row) => row.line);
  }
}
