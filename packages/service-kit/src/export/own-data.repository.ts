import type { EntityManager, ObjectLiteral } from 'typeorm';
import type { OwnDataPart } from './own-data-export.module';

// One part of a user's own data export, oldest first, without the columns the part omits.
export async function findOwnRows(
  manager: EntityManager,
  part: OwnDataPart,
  userId: number,
): Promise<ObjectLiteral[]> {
  const rows = await manager.find(part.entity, {
    where: { [part.userField]: userId },
    relations: Object.fromEntries((part.relations ?? []).map((r) => [r, true])),
    order: { id: 'ASC' },
  });
  for (const row of rows) for (const column of part.omit ?? []) delete row[column];
  return rows;
}
