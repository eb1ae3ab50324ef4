import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

function serverUrl(): string {
  return process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? DEFAULT_TEST_DATABASE_URL;
}

// A fresh database `t_<random>_<name>` on the test server; drop() removes it (and its connections).
export async function createTestDatabase(name = 'db'): Promise<TestDatabase> {
  const suffix = name
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_')
    .slice(0, 30);
  const dbName = `t_${randomBytes(5).toString('hex')}_${suffix}`;
  const admin = serverUrl();
  const client = new Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${dbName}"`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${dbName}`;
  return {
    name: dbName,
    url: url.toString(),
    async drop() {
      const c = new Client({ connectionString: admin });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
