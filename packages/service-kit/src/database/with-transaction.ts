import type { DataSource, EntityManager } from 'typeorm';

type IsolationLevel = 'READ COMMITTED' | 'REPEATABLE READ' | 'SERIALIZABLE';

// The one way to open a transaction (docs/architecture.md): a state change and its outbox rows
// commit together (DESIGN rule 5). `isolation` only for a read that must see one snapshot.
export function withTransaction<T>(
  dataSource: DataSource,
  fn: (manager: EntityManager) => Promise<T>,
  isolation?: IsolationLevel,
): Promise<T> {
  return isolation ? dataSource.transaction(isolation, fn) : dataSource.transaction(fn);
}
