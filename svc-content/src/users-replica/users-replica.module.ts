import { Module } from '@nestjs/common';
import { UsersReplicaHandler } from './users-replica.handler';

// The EventsModule discovers the @HandleEvent methods of this provider.
@Module({ providers: [UsersReplicaHandler] })
export class UsersReplicaModule {}
