// "Nothing written on a 4xx": a checksum of every row of every table of a service's database,
// taken before and after each state-changing request (the test databases are small).
import pg from 'pg';

export interface DatabaseTarget {
  service: string;
  url: string;
  schema: string;
}

// service.table → checksum
export type Snapshot = Map<string, string>;

// What of a row counts as content: the relay marks an outbox row published a moment after the
// request that wrote it, so only its id counts; a refused privileged action is recorded as an
// audit failure (issue 9), a row meant to be written, so failure rows are left out (in svc-auth's
// audit_log, and as the audit.recorded events the other services publish, issue 16).
function rowsOf(schema: string, table: string): string {
  const q = (name: string) => `"${name.replace(/"/g, '""')}"`;
  const from = `${q(schema)}.${q(table)} x`;
  if (table === 'outbox')
    return `select x.id::text as r from ${from}
             where not (x.type = 'audit.recorded' and x.payload->>'outcome' = 'failure')`;
  if (table === 'audit_log') return `select x::text as r from ${from} where x.outcome <> 'failure'`;
  return `select x::text as r from ${from}`;
}

export class DatabaseSnapshots {
  private readonly targets: Map<string, { client: pg.Client; sql: string }>;

  private constructor(targets: Map<string, { client: pg.Client; sql: string }>) {
    this.targets = targets;
  }

  static async open(targets: DatabaseTarget[]): Promise<DatabaseSnapshots> {
    const opened = new Map<string, { client: pg.Client; sql: string }>();
    for (const target of targets) {
      const client = new pg.Client({ connectionString: target.url });
      await client.connect();
      const { rows } = await client.query<{ table_name: string }>(
        `select table_name from information_schema.tables
          where table_schema = $1 and table_type = 'BASE TABLE' and table_name not ilike '%migration%'
          order by table_name`,
        [target.schema],
      );
      const sql = rows
        .map(
          ({ table_name: t }) =>
            `select '${t}' as t, md5(coalesce(string_agg(r, ',' order by r), '')) as h from (${rowsOf(target.schema, t)}) s`,
        )
        .join(' union all ');
      opened.set(target.service, { client, sql });
    }
    return new DatabaseSnapshots(opened);
  }

  // One service's tables, or every service's.
  async take(service?: string): Promise<Snapshot> {
    const snapshot: Snapshot = new Map();
    const targets = [...this.targets].filter(([name]) => !service || name === service);
    await Promise.all(
      targets.map(async ([name, { client, sql }]) => {
        if (!sql) return;
        const { rows } = await client.query<{ t: string; h: string }>(sql);
        for (const row of rows) snapshot.set(`${name}.${row.t}`, row.h);
      }),
    );
    return snapshot;
  }

  // Tables whose content differs.
  static changed(before: Snapshot, after: Snapshot): string[] {
    return [...after.keys()].filter((k) => before.get(k) !== after.get(k));
  }

  // Waits until nothing changes for `quietMs` (events of the fixtures land asynchronously).
  async settle(quietMs = 300, maxMs = 5_000): Promise<void> {
    const started = Date.now();
    let last = await this.take();
    let stableSince = Date.now();
    while (Date.now() - started < maxMs) {
      await new Promise((r) => setTimeout(r, 50));
      const next = await this.take();
      if (DatabaseSnapshots.changed(last, next).length > 0) {
        last = next;
        stableSince = Date.now();
      } else if (Date.now() - stableSince >= quietMs) break;
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.targets.values()].map((t) => t.client.end()));
  }
}
