import { Injectable } from '@nestjs/common';
import type { HoursApprovedPayload, HoursRevokedPayload } from '@district/contracts';
import { HandleEvent, type EventContext } from '@district/service-kit';
import { UsersRepository } from './users.repository';

// hours.approved from svc-hours: the log id is the key, so a repeated event credits once, and a
// credit for an account deleted meanwhile is dropped instead of failing forever on the foreign key.
@Injectable()
export class HourCreditsHandler {
  constructor(private readonly users: UsersRepository) {}

  @HandleEvent('hours.approved')
  async credit(
    payload: HoursApprovedPayload,
    { manager }: EventContext<'hours.approved'>,
  ): Promise<void> {
    await this.users.insertHourCredit(manager, payload);
  }

  // Issue 18: an attendance entry undone (marked absent later) takes its credit with it; issue 33:
  // so does an approval a supervisor undid (a re-approval's hours.approved credits it again).
  @HandleEvent('hours.revoked')
  async revoke(
    payload: HoursRevokedPayload,
    { manager }: EventContext<'hours.revoked'>,
  ): Promise<void> {
    await this.users.deleteHourCredit(manager, payload.logId);
  }
}
