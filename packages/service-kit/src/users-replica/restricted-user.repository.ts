import type { EntityManager } from 'typeorm';
import { UserReplicaEntity } from './user-replica.entity';

// Issue 20: whether the replica marks the user as waiting for a guardian's consent (no blog
// posts, no photos). A user the replica has not heard of yet is not restricted: svc-auth's
// user.registered carries the flag and usually arrives first.
export async function isRestrictedUser(manager: EntityManager, id: number): Promise<boolean> {
  const row = await manager
    .getRepository(UserReplicaEntity)
    .findOne({ select: { id: true, restricted: true }, where: { id } });
  return row?.restricted ?? false;
}
