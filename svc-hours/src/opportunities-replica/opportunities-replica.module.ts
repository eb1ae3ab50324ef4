import { Module } from '@nestjs/common';
import { OpportunitiesReplicaHandler } from './opportunities-replica.handler';
import { OpportunitiesReplicaRepository } from './opportunities-replica.repository';

@Module({
  providers: [OpportunitiesReplicaHandler, OpportunitiesReplicaRepository],
  exports: [OpportunitiesReplicaRepository],
})
export class OpportunitiesReplicaModule {}
