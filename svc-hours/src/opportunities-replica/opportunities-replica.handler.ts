import { Injectable } from '@nestjs/common';
import {
  EVENT_TYPES,
  type OpportunityCreatedPayload,
  type OpportunityDeletedPayload,
  type OpportunityUpdatedPayload,
} from '@district/contracts';
import { HandleEvent, type EventContext } from '@district/service-kit';
import { OpportunitiesReplicaRepository } from './opportunities-replica.repository';

// Issue 29: svc-volunteer's opportunity events keep the replica current (docs/decisions.md
// "Hours name only opportunities that exist").
@Injectable()
export class OpportunitiesReplicaHandler {
  constructor(private readonly replica: OpportunitiesReplicaRepository) {}

  @HandleEvent(EVENT_TYPES.opportunityCreated)
  async created(
    payload: OpportunityCreatedPayload,
    { manager }: EventContext<'opportunity.created'>,
  ): Promise<void> {
    await this.replica.upsert(manager, payload);
  }

  @HandleEvent(EVENT_TYPES.opportunityUpdated)
  async updated(
    payload: OpportunityUpdatedPayload,
    { manager }: EventContext<'opportunity.updated'>,
  ): Promise<void> {
    await this.replica.upsert(manager, payload);
  }

  @HandleEvent(EVENT_TYPES.opportunityDeleted)
  async deleted(
    payload: OpportunityDeletedPayload,
    { manager }: EventContext<'opportunity.deleted'>,
  ): Promise<void> {
    await this.replica.markDeleted(manager, payload.id);
  }
}
