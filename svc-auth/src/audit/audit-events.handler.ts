import { Injectable } from '@nestjs/common';
import type { AuditRecordedPayload } from '@district/contracts';
import { HandleEvent, storeAuditRecord, type EventContext } from '@district/service-kit';

// audit.recorded from svc-volunteer, svc-content and svc-hours (issue 16): into the one merged
// trail, through the same insert as svc-auth's own records. Unique on (service, sourceId), so a
// redelivered event (even under a new event id) adds nothing.
@Injectable()
export class AuditEventsHandler {
  @HandleEvent('audit.recorded')
  async store(
    payload: AuditRecordedPayload,
    { manager }: EventContext<'audit.recorded'>,
  ): Promise<void> {
    await storeAuditRecord(manager, payload);
  }
}
