import {
  ConflictException,
  ForbiddenException,
  Inject,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import {
  API_MESSAGES,
  ATTENDANCE_MESSAGES,
  checkInPageUrl,
  EVENT_TYPES,
  CHECK_IN_MAX_DELAY_HOURS,
  LIVE_UPDATE_KINDS,
  VALIDATION,
  type AttendanceMethod,
  type CheckInInput,
  type AttendanceRecord,
  type CheckInCode,
  type RosterEntry,
} from '@district/contracts';
import {
  AuditService,
  fieldError,
  OutboxService,
  SERVICE_CONFIG,
  UNKNOWN_USER_NAME,
  withTransaction,
  type Identity,
} from '@district/service-kit';
import { DataSource } from 'typeorm';
import type { VolunteerConfig } from '../volunteer.config';
import type { AttendanceEntity } from './attendance.entity';
import { AttendanceRepository, type AttendanceOpportunity } from './attendance.repository';
import { CHECK_IN_PERIOD_SECONDS, checkInOpen, CheckInCodes, eventHours } from './check-in-code';

// A phone's clock may run a little ahead of the server's: a scan up to this far "in the future"
// counts as made now (issue 34).
const CLOCK_SKEW_MS = 5 * 60_000;

interface CheckInReceipt {
  idempotencyKey: string;
  scannedAt: Date;
}

function toRecord(mark: AttendanceEntity): AttendanceRecord {
  return {
    opportunityId: mark.opportunityId,
    userId: mark.userId,
    attended: mark.attended,
    method: mark.method,
    recordedAt: new Date(mark.recordedAt).toISOString(),
  };
}

@Injectable()
export class AttendanceService {
  private readonly codes: CheckInCodes;

  constructor(
    private readonly dataSource: DataSource,
    private readonly attendance: AttendanceRepository,
    private readonly outbox: OutboxService,
    private readonly audit: AuditService,
    @Inject(SERVICE_CONFIG) config: VolunteerConfig,
  ) {
    // Its own secret when set; else one derived from IDENTITY_SECRET (CheckInCodes keys each
    // opportunity with an HMAC of it, so the identity key itself never signs a code).
    this.codes = new CheckInCodes(config.CHECK_IN_SECRET ?? `check-in/${config.IDENTITY_SECRET}`);
  }

  private async opportunity(id: number): Promise<AttendanceOpportunity> {
    const opportunity = await this.attendance.findOpportunity(id);
    if (!opportunity) throw new NotFoundException(API_MESSAGES.opportunityNotFound);
    return opportunity;
  }

  async roster(opportunityId: number): Promise<RosterEntry[]> {
    await this.opportunity(opportunityId);
    const rows = await this.attendance.roster(opportunityId);
    return rows.map((row) => ({
      userId: row.userId,
      name: row.name || UNKNOWN_USER_NAME,
      school: row.school ?? '',
      attended: row.attended,
      method: row.method,
      recordedAt: row.recordedAt ? new Date(row.recordedAt).toISOString() : null,
    }));
  }

  // An admin marks a signed-up student attended or absent (absent later undoes the hours).
  async mark(
    admin: Identity,
    opportunityId: number,
    userId: number,
    attended: boolean,
  ): Promise<AttendanceRecord> {
    const opportunity = await this.opportunity(opportunityId);
    if (!(await this.attendance.isSignedUp(opportunityId, userId)))
      throw new NotFoundException(ATTENDANCE_MESSAGES.studentNotSignedUp);
    return this.record(opportunity, userId, attended, 'roster', admin.id);
  }

  // The code to show now, for an event within its check-in window.
  async currentCode(opportunityId: number, now = new Date()): Promise<CheckInCode> {
    const opportunity = await this.opportunity(opportunityId);
    this.assertOpen(opportunity, now);
    const { code, expiresAt } = this.codes.current(opportunityId, now);
    return {
      code,
      url: checkInPageUrl(opportunityId, code),
      expiresAt: expiresAt.toISOString(),
      periodSeconds: CHECK_IN_PERIOD_SECONDS,
    };
  }

  // A signed-up user checks themselves in with the code shown at the event. Issue 34: a check-in
  // recorded on the phone offline comes later with the time of its scan, and is judged as it was
  // then (the check-in window, the code of that moment), up to CHECK_IN_MAX_DELAY_HOURS after
  // it; its idempotency key makes a second sending answer what the first recorded.
  async checkIn(
    user: Identity,
    opportunityId: number,
    input: CheckInInput,
    now = new Date(),
  ): Promise<AttendanceRecord> {
    const scannedAt = input.scannedAt ? new Date(input.scannedAt) : now;
    if (scannedAt.getTime() > now.getTime() + CLOCK_SKEW_MS)
      throw fieldError('scannedAt', ATTENDANCE_MESSAGES.scannedOutOfRange);
    if (now.getTime() - scannedAt.getTime() > CHECK_IN_MAX_DELAY_HOURS * 3_600_000)
      throw fieldError('scannedAt', ATTENDANCE_MESSAGES.scannedOutOfRange);
    const at = scannedAt.getTime() > now.getTime() ? now : scannedAt;
    const opportunity = await this.opportunity(opportunityId);
    if (input.idempotencyKey) {
      const known = await this.attendance.findReceipt(user.id, input.idempotencyKey);
      if (known && known.opportunityId !== opportunityId)
        throw fieldError('idempotencyKey', VALIDATION.idempotencyKeyInvalid);
      if (known) return this.recorded(opportunityId, user.id);
    }
    if (!(await this.attendance.isSignedUp(opportunityId, user.id)))
      throw new ForbiddenException(ATTENDANCE_MESSAGES.notSignedUp);
    this.assertOpen(opportunity, at);
    if (!this.codes.verify(opportunityId, input.code, at))
      throw fieldError('code', ATTENDANCE_MESSAGES.wrongCode);
    const receipt = input.idempotencyKey
      ? { idempotencyKey: input.idempotencyKey, scannedAt: at }
      : undefined;
    return this.record(opportunity, user.id, true, 'check-in', null, receipt);
  }

  private async recorded(opportunityId: number, userId: number): Promise<AttendanceRecord> {
    const mark = await this.attendance.findMark(opportunityId, userId);
    if (!mark) throw new NotFoundException(ATTENDANCE_MESSAGES.studentNotSignedUp);
    return toRecord(mark);
  }

  private assertOpen(opportunity: AttendanceOpportunity, now: Date): void {
    if (!checkInOpen(opportunity.date, opportunity.endsAt, now))
      throw new ConflictException(ATTENDANCE_MESSAGES.checkInClosed);
  }

  // The mark and its attendance.recorded event commit together; a mark that changes nothing
  // (a repeat, a second scan) emits nothing and answers what is recorded.
  private async record(
    opportunity: AttendanceOpportunity,
    userId: number,
    attended: boolean,
    method: AttendanceMethod,
    recordedBy: number | null,
    receipt?: CheckInReceipt,
  ): Promise<AttendanceRecord> {
    const changed = await withTransaction(this.dataSource, async (manager) => {
      // The same check-in sent twice at once: the second finds the key taken and records nothing.
      if (
        receipt &&
        !(await this.attendance.addReceipt(manager, {
          ...receipt,
          userId,
          opportunityId: opportunity.id,
        }))
      )
        return undefined;
      const mark = await this.attendance.record(manager, {
        opportunityId: opportunity.id,
        userId,
        attended,
        method,
        recordedBy,
      });
      if (mark)
        await this.outbox.add(manager, EVENT_TYPES.attendanceRecorded, {
          opportunityId: opportunity.id,
          userId,
          title: opportunity.title,
          startsAt: opportunity.date.toISOString(),
          endsAt: opportunity.endsAt.toISOString(),
          hours: eventHours(opportunity.date, opportunity.endsAt),
          attended,
          recordedBy,
          method,
        });
      // Issue 33: a check-in reaches the admins' notification streams as a live update (no toast),
      // so a roster open on their screen shows it at once.
      if (mark && method === 'check-in') {
        const admins = await this.attendance.adminIds(manager);
        if (admins.length > 0)
          await this.outbox.add(manager, EVENT_TYPES.notificationRequested, {
            userIds: admins,
            kind: LIVE_UPDATE_KINDS[0],
            title: opportunity.title,
            body: '',
            path: null,
            opportunityId: opportunity.id,
            email: false,
          });
      }
      // Issue 18: who took attendance (or the student's own scan) is in the audit trail with the
      // hours it creates or voids; a mark that changes nothing records nothing.
      if (mark)
        await this.audit.record(manager, {
          actorId: recordedBy ?? userId,
          action: method === 'check-in' ? 'attendance.check-in' : 'attendance.mark',
          target: { type: 'user', id: userId },
          outcome: 'success',
          detail: { opportunityId: opportunity.id, title: opportunity.title, attended },
        });
      return mark;
    });
    return changed ? toRecord(changed) : this.recorded(opportunity.id, userId);
  }
}
