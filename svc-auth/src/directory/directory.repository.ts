import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { schemaOf } from '@district/service-kit';
import type { DirectoryRow } from './directory-user.util';

// GET /api/directory's hot path (bench/directory.ts): the counter read on every request and the
// one-statement build of every user with their credits, kept as they were measured.
@Injectable()
export class DirectoryRepository {
  private readonly schema: string;

  constructor(private readonly dataSource: DataSource) {
    this.schema = schemaOf(dataSource);
  }

  async readVersion(manager: EntityManager = this.dataSource.manager): Promise<number> {
    // raw SQL: hot path, read on every GET /api/directory (bench/directory.ts).
    const rows = (await manager.query(
      `SELECT version::float8 AS version FROM "${this.schema}"."directory_version"`,
    )) as Array<{ version: number }>;
    return rows[0]?.version ?? 0;
  }

  // The counter and the rows from one snapshot, so the version always describes these rows.
  // `manager` is a fresh transaction's (nothing run in it yet).
  async readSnapshot(manager: EntityManager): Promise<{ version: number; rows: DirectoryRow[] }> {
    // raw SQL: SET TRANSACTION as the first statement makes the caller's transaction REPEATABLE
    // READ, so the snapshot rule stays beside the two reads that need it.
    await manager.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    return { version: await this.readVersion(manager), rows: await this.listUsers(manager) };
  }

  // One query: every user with the sum of their approved-hour credits.
  async listUsers(manager: EntityManager): Promise<DirectoryRow[]> {
    const s = this.schema;
    // raw SQL: hot path, the measured one-statement build (bench/directory.ts); no hydration.
    return (await manager.query(
      `SELECT u.id, u.name, u.school, u.grade, u.avatar_url, u.is_admin, u.is_supervisor, u.directory_visible,
              (u.service_hours + COALESCE(c.total, 0))::float8 AS service_hours
         FROM "${s}"."users" u
         LEFT JOIN (SELECT user_id, sum(hours) AS total FROM "${s}"."hour_credits" GROUP BY user_id) c
           ON c.user_id = u.id
        WHERE u.active`,
    )) as DirectoryRow[];
  }
}
