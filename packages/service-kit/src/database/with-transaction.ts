import type { DataSource, EntityManager } from 'typeorm';

// One transaction around a state change and its outbox rows (DESIGN rule 5).
export function withTransaction<T>(
  dataSource: DataSource,
  fn: (manager: EntityManager) => Promise<T>,
): Promise<T> {
  return dataSource.transaction(fn);
}
