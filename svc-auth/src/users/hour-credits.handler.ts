import { Injectable } from '@nestjs/common';
import type { HoursApprovedPayload } from '@district/contracts';
import { HandleEvent, schemaOf, type EventContext } from '@district/service-kit';
import { DataSource } from 'typeorm';

// hours.approved from svc-hours: the log id is the key, so a repeated event credits once, and a
// credit for an account deleted meanwhile is dropped instead of failing forever on the foreign key.
@Injectable()
export class HourCreditsHandler {
  private readonly schema: string;

  constructor(dataSource: DataSource) {
    this.schema = schemaOf(dataSource);
  }

  @HandleEvent('hours.approved')
  async credit(
    payload: HoursApprovedPayload,
    { manager }: EventContext<'hours.approved'>,
  ): Promise<void> {
    const s = this.schema;
    await manager.query(
      `INSERT INTO "${s}"."hour_credits" (log_id, user_id, hours)
       SELECT $1, $2, $3 WHERE EXISTS (SELECT 1 FROM "${s}"."users" WHERE id = $2)
       ON CONFLICT (log_id) DO NOTHING`,
      [payload.logId, payload.userId, payload.hours],
    );
  }
}
