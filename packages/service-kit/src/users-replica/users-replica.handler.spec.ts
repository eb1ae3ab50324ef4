import { describe, expect, it, jest } from '@jest/globals';
import type { ModuleRef } from '@nestjs/core';
import type { EntityManager } from 'typeorm';
import type { EventContext } from '../events/event.processor';
import { replicaUser } from '../testing/service-client';
import {
  UsersReplicaHandler,
  type UserDeactivationHook,
  type UsersReplicaOptions,
} from './users-replica.handler';
import type { UsersReplicaRepository } from './users-replica.repository';

class ReleasePlaces implements UserDeactivationHook {
  afterUserDeactivated = jest.fn(async (_manager: EntityManager, _userId: number) => undefined);
}

function setUp(stored: boolean) {
  const hook = new ReleasePlaces();
  const users = { upsert: jest.fn(async () => stored) };
  const moduleRef = { get: jest.fn(() => hook) };
  const options: UsersReplicaOptions = { afterDeactivate: ReleasePlaces };
  const sut = new UsersReplicaHandler(
    users as unknown as UsersReplicaRepository,
    options,
    moduleRef as unknown as ModuleRef,
  );
  const manager = {} as EntityManager;
  const context = { manager, event: { occurredAt: new Date().toISOString() } } as EventContext;
  return { sut, hook, context, manager };
}

describe(UsersReplicaHandler.name, () => {
  it('runs the deactivation hook when a stored user.updated deactivates someone', async () => {
    const { sut, hook, context, manager } = setUp(true);
    await sut.onUpdated(replicaUser({ id: 7, active: false }), context);
    expect(hook.afterUserDeactivated).toHaveBeenCalledWith(manager, 7);
  });

  it('does not run it for an active user, nor for an older event the replica did not store', async () => {
    const active = setUp(true);
    await active.sut.onUpdated(replicaUser({ id: 7, active: true }), active.context);
    expect(active.hook.afterUserDeactivated).not.toHaveBeenCalled();
    const stale = setUp(false);
    await stale.sut.onUpdated(replicaUser({ id: 7, active: false }), stale.context);
    expect(stale.hook.afterUserDeactivated).not.toHaveBeenCalled();
  });
});
