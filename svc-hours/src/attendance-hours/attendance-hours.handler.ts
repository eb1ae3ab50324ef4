import { Injectable } from '@nestjs/common';
import { EVENT_TYPES, type AttendanceRecordedPayload } from '@district/contracts';
import { HandleEvent, OutboxService, type EventContext } from '@district/service-kit';
import { AttendanceHoursRepository } from './attendance-hours.repository';

// The hours table allows 0.5 to 24 per entry; svc-volunteer already rounds to halves.
const MAX_HOURS_PER_ENTRY = 24;

// Issue 18: an attended sign-up becomes one approved entry (the partial unique index makes a
// redelivered or repeated event a no-op); attended false removes it again. The credit follows
// through svc-auth with hours.approved / hours.revoked in the same transaction.
@Injectable()
export class AttendanceHoursHandler {
  constructor(
    private readonly logs: AttendanceHoursRepository,
    private readonly outbox: OutboxService,
  ) {}

  @HandleEvent('attendance.recorded')
  async record(
    payload: AttendanceRecordedPayload,
    { manager }: EventContext<'attendance.recorded'>,
  ): Promise<void> {
    if (!payload.attended) {
      const logId = await this.logs.deleteAttendanceEntry(
        manager,
        payload.userId,
        payload.opportunityId,
      );
      if (logId !== undefined)
        await this.outbox.add(manager, EVENT_TYPES.hoursRevoked, {
          logId,
          userId: payload.userId,
        });
      return;
    }
    const hours = Math.min(payload.hours, MAX_HOURS_PER_ENTRY);
    const logId = await this.logs.insertApproved(manager, {
      userId: payload.userId,
      opportunityId: payload.opportunityId,
      hours,
      description: payload.title,
      // The event's start day (UTC, as svc-volunteer stores it).
      date: payload.startsAt.slice(0, 10),
      approvedBy: payload.recordedBy,
      source: payload.method,
    });
    if (logId !== undefined)
      await this.outbox.add(manager, EVENT_TYPES.hoursApproved, {
        logId,
        userId: payload.userId,
        hours,
      });
  }
}
