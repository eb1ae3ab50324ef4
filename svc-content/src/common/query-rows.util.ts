import type { Pool, PoolClient } from 'pg';
import type { DataSource } from 'typeorm';

function poolOf(dataSource: DataSource): Pool {
  return (dataSource.driver as unknown as { master: Pool }).master;
}

// Rows of one statement straight from the DataSource's pg pool: TypeORM's query() takes a query
// runner per call, which costs time on the hot list endpoint; a single statement needs none.
export async function queryRows<T>(
  dataSource: DataSource,
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  const result = await poolOf(dataSource).query(text, params);
  return result.rows as T[];
}

// Several reads that must see one consistent snapshot (REPEATABLE READ, read only).
export async function inSnapshot<T>(
  dataSource: DataSource,
  fn: (client: PoolClient) => Promise<T>,
): Promise<T> {
  const client = await poolOf(dataSource).connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
