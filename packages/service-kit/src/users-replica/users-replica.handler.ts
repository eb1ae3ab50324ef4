import { Inject, Injectable, type Type } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { EntityManager } from 'typeorm';
import { EVENT_TYPES, type UserDeletedPayload, type UserReplicaPayload } from '@district/contracts';
import { HandleEvent } from '../events/handle-event.decorator';
import type { EventContext } from '../events/event.processor';
import { UsersReplicaRepository, type UserOwnedEntity } from './users-replica.repository';

export const USERS_REPLICA_OPTIONS = Symbol('service-kit:users-replica-options');

export interface UsersReplicaOptions {
  // The service's tables whose rows go with a deleted user, in this order (svc-volunteer's
  // signups and photos, svc-hours's logs). Rows that must stay (blog posts) are not listed.
  deleteWithUser?: UserOwnedEntity[];
  // A provider of the app that runs after those rows are gone, in the same transaction
  // (svc-volunteer hands the spots a deleted student freed to its waitlists, issue 18).
  afterDelete?: Type<UserDeletionHook>;
  // A provider of the app that runs when a user.updated deactivates someone (a roster left them
  // out, issue 31), in the same transaction (svc-volunteer releases their upcoming places).
  afterDeactivate?: Type<UserDeactivationHook>;
}

export interface UserDeletionHook {
  afterUserDeleted(manager: EntityManager, userId: number): Promise<void>;
}

export interface UserDeactivationHook {
  afterUserDeactivated(manager: EntityManager, userId: number): Promise<void>;
}

// Keeps the users table in step with svc-auth. Each handler runs in the consumer's transaction,
// together with the processed_events row; the consumer has already checked the payload against
// its contract schema.
@Injectable()
export class UsersReplicaHandler {
  constructor(
    private readonly users: UsersReplicaRepository,
    @Inject(USERS_REPLICA_OPTIONS) private readonly options: UsersReplicaOptions,
    private readonly moduleRef?: ModuleRef,
  ) {}

  @HandleEvent(EVENT_TYPES.userRegistered)
  async onRegistered(payload: UserReplicaPayload, { manager, event }: EventContext): Promise<void> {
    await this.users.upsert(manager, payload, event.occurredAt);
  }

  @HandleEvent(EVENT_TYPES.userUpdated)
  async onUpdated(payload: UserReplicaPayload, { manager, event }: EventContext): Promise<void> {
    const stored = await this.users.upsert(manager, payload, event.occurredAt);
    if (stored && payload.active === false && this.options.afterDeactivate && this.moduleRef)
      await this.moduleRef
        .get(this.options.afterDeactivate, { strict: false })
        .afterUserDeactivated(manager, payload.id);
  }

  @HandleEvent(EVENT_TYPES.userDeleted)
  async onDeleted({ id }: UserDeletedPayload, { manager, event }: EventContext): Promise<void> {
    await this.users.tombstone(manager, id, event.occurredAt);
    for (const entity of this.options.deleteWithUser ?? [])
      await this.users.deleteOwnedBy(manager, entity, id);
    if (this.options.afterDelete && this.moduleRef)
      await this.moduleRef
        .get(this.options.afterDelete, { strict: false })
        .afterUserDeleted(manager, id);
  }
}
