// "Nothing written on a 4xx": a checksum of every row of every table of every service database,
// taken before and after each state-changing request (the test databases are small).
import pg from 'pg';

export interface DatabaseTarget {
  service: string;
  url: string;
  schema: string;
}

export type Snapshot = Map<string, string>;

export class DatabaseSnapshots {
  private constructor(
    private readonly targets: Array<{ service: string; client: pg.Client; sql: string }>,
  ) {}

  static async open(targets: DatabaseTarget[]): Promise<DatabaseSnapshots> {
    const opened = [];
    for (const target of targets) {
      const client = new pg.Client({ connectionString: target.url });
      await client.connect();
      const { rows } = await client.query<{ table_name: string }>(
        `select table_name from information_schema.tables
          where table_schema = $1 and table_type = 'BASE TABLE' and table_name not ilike '%migration%'
          order by table_name`,
        [target.schema],
      );
      const q = (name: string) => `"${name.replace(/"/g, '""')}"`;
      const sql = rows
        .map(
          ({ table_name: t }) =>
            `select '${t}' as t, md5(coalesce(string_agg(x::text, ',' order by x::text), '')) as h from ${q(target.schema)}.${q(t)} x`,
        )
        .join(' union all ');
      opened.push({ service: target.service, client, sql });
    }
    return new DatabaseSnapshots(opened);
  }

  async take(): Promise<Snapshot> {
    const snapshot: Snapshot = new Map();
    await Promise.all(
      this.targets.map(async ({ service, client, sql }) => {
        if (!sql) return;
        const { rows } = await client.query<{ t: string; h: string }>(sql);
        for (const row of rows) snapshot.set(`${service}.${row.t}`, row.h);
      }),
    );
    return snapshot;
  }

  // Tables whose content differs.
  static changed(before: Snapshot, after: Snapshot): string[] {
    return [...after.keys()].filter((k) => before.get(k) !== after.get(k));
  }

  // Waits until nothing changes for `quietMs` (events of an accepted write land asynchronously).
  async settle(quietMs = 400, maxMs = 5_000): Promise<Snapshot> {
    const started = Date.now();
    let last = await this.take();
    let stableSince = Date.now();
    while (Date.now() - started < maxMs) {
      await new Promise((r) => setTimeout(r, 100));
      const next = await this.take();
      if (DatabaseSnapshots.changed(last, next).length > 0) {
        last = next;
        stableSince = Date.now();
      } else if (Date.now() - stableSince >= quietMs) break;
    }
    return last;
  }

  async close(): Promise<void> {
    await Promise.all(this.targets.map((t) => t.client.end()));
  }
}
