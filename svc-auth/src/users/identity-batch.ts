import type { DataSource } from 'typeorm';
import { poolOf, type Identity } from '@district/service-kit';

interface Waiting {
  id: number;
  resolve: (identity: Identity | null) => void;
  reject: (error: unknown) => void;
}

// The roles of every gateway check that arrives in one event-loop turn, read from PostgreSQL in
// one statement. Each check still reads the roles as they are at that moment; under load the
// checks come many per turn, and on this machine a round trip to PostgreSQL (a socket write that
// wakes another process) costs more than the query itself (docs/decisions.md "Hot paths").
export class IdentityBatch {
  private waiting: Waiting[] = [];

  constructor(
    private readonly dataSource: DataSource,
    private readonly usersTable: string,
  ) {}

  find(id: number): Promise<Identity | null> {
    return new Promise((resolve, reject) => {
      // setImmediate: after every socket this turn has read, not only this request's callbacks.
      if (this.waiting.length === 0) setImmediate(() => void this.flush());
      this.waiting.push({ id, resolve, reject });
    });
  }

  private async flush(): Promise<void> {
    const batch = this.waiting;
    this.waiting = [];
    const ids = [...new Set(batch.map((w) => w.id))];
    try {
      // A named statement: parsed and planned once per connection.
      const { rows } = await poolOf(this.dataSource).query<{
        id: number;
        is_admin: boolean;
        is_supervisor: boolean;
        name: string;
        school: string;
      }>({
        name: 'auth-identities',
        text: `SELECT id, is_admin, is_supervisor, name, school FROM ${this.usersTable} WHERE id = ANY($1::int[])`,
        values: [ids],
      });
      const byId = new Map(
        rows.map((row) => [
          row.id,
          // Name and school ride along from the same row, for replicas not yet caught up.
          {
            id: row.id,
            isAdmin: row.is_admin,
            isSupervisor: row.is_supervisor,
            name: row.name,
            school: row.school,
          },
        ]),
      );
      for (const w of batch) w.resolve(byId.get(w.id) ?? null);
    } catch (error) {
      for (const w of batch) w.reject(error);
    }
  }
}
