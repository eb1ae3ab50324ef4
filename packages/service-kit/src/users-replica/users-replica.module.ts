import { Module, type DynamicModule } from '@nestjs/common';
import {
  USERS_REPLICA_OPTIONS,
  UsersReplicaHandler,
  type UsersReplicaOptions,
} from './users-replica.handler';
import { UsersReplicaRepository } from './users-replica.repository';

// The users replica of a service, with one line in its AppModule:
// `UsersReplicaModule.forRoot({ deleteWithUser: [SignupEntity] })`, and UserReplicaEntity in
// its entity list. The EventsModule discovers the handler's @HandleEvent methods.
@Module({})
export class UsersReplicaModule {
  static forRoot(options: UsersReplicaOptions = {}): DynamicModule {
    return {
      module: UsersReplicaModule,
      providers: [
        { provide: USERS_REPLICA_OPTIONS, useValue: options },
        UsersReplicaRepository,
        UsersReplicaHandler,
      ],
      exports: [UsersReplicaRepository],
    };
  }
}
