export { UserReplicaEntity } from './user-replica.entity';
export { UNKNOWN_SCHOOL_NAME, UNKNOWN_USER_NAME } from './unknown-user.constant';
export { UsersReplicaRepository, type UserOwnedEntity } from './users-replica.repository';
export {
  UsersReplicaHandler,
  type UserDeactivationHook,
  type UserDeletionHook,
  type UsersReplicaOptions,
} from './users-replica.handler';
export { UsersReplicaModule } from './users-replica.module';
export { provisionalUserCte, provisionalUserParams } from './provisional-user.util';
export { ReplicaProfileColumns1796000000000 } from './replica-profile-columns.migration';
export { ReplicaRestrictedColumn1797200000000 } from './replica-restricted-column.migration';
export { isRestrictedUser } from './restricted-user.repository';
export { ReplicaActiveColumn1797700000000 } from './replica-active-column.migration';
export { activeReplicaUser, activeUserId } from './active-user.sql';
