import type { Pool, PoolClient } from 'pg';
import type { DataSource, EntityManager } from 'typeorm';

// The DataSource's own pg pool, for statements that need neither a query runner nor entities.
export function poolOf(dataSource: DataSource): Pool {
  return (dataSource.driver as unknown as { master: Pool }).master;
}

// Rows of one statement straight from the DataSource's pg pool. TypeORM's query() takes a query
// runner per call (measurable on the hot paths: verify, /api/user, the lists, sign-up) and
// answers UPDATE/DELETE … RETURNING as [rows, count]; a single statement needs neither.
export async function queryRows<T>(
  dataSource: DataSource,
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  const result = await poolOf(dataSource).query(text, params);
  return result.rows as T[];
}

// Same inside a transaction (its EntityManager): UPDATE/DELETE … RETURNING rows, unwrapped.
export async function managerRows<T>(
  manager: EntityManager,
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  const result: unknown = await manager.query(text, params);
  if (
    Array.isArray(result) &&
    result.length === 2 &&
    Array.isArray(result[0]) &&
    typeof result[1] === 'number'
  ) {
    return result[0] as T[];
  }
  return result as T[];
}

// A transaction on one pooled client, without TypeORM: `begin` sets its isolation and mode.
export async function inPoolTransaction<T>(
  dataSource: DataSource,
  fn: (client: PoolClient) => Promise<T>,
  begin = 'BEGIN',
): Promise<T> {
  const client = await poolOf(dataSource).connect();
  try {
    await client.query(begin);
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

// Several reads that must see one consistent snapshot (REPEATABLE READ, read only).
export function inSnapshot<T>(
  dataSource: DataSource,
  fn: (client: PoolClient) => Promise<T>,
): Promise<T> {
  return inPoolTransaction(dataSource, fn, 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
}
