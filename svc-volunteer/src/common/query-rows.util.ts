import type { Pool } from 'pg';
import type { DataSource, EntityManager } from 'typeorm';

// Rows of one statement straight from the DataSource's pg pool. TypeORM's query() answers
// UPDATE/DELETE … RETURNING as [rows, count], and its per-call query runner costs time on
// the hot list endpoint; statements outside a transaction need neither.
export async function queryRows<T>(
  dataSource: DataSource,
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  const pool = (dataSource.driver as unknown as { master: Pool }).master;
  const result = await pool.query(text, params);
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
