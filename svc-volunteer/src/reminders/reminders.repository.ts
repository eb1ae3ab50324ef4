import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository, SelectQueryBuilder } from 'typeorm';
import type { OpportunityStatus } from '@district/contracts';
import { SignupEntity } from '../signups/signup.entity';
import { ReminderSentEntity } from './reminder-sent.entity';

// A sign-up with what its reminders need: the event's times and texts, and which reminders already went out for the event's current start.
export interface ReminderRow {
  signupId: number;
  userId: number;
  opportunityId: number;
  title: string;
  location: string;
  status: OpportunityStatus;
  startsAt: Date;
  signedUpAt: Date;
  todayAt: Date;
  sent: string[];
}

export interface DistrictDay {
  timeZone: string;
  // HH:MM
  todayAt: string;
}

@Injectable()
export class RemindersRepository {
  constructor(@InjectRepository(SignupEntity) private readonly signups: Repository<SignupEntity>) {}

  private rows(day: DistrictDay): SelectQueryBuilder<SignupEntity> {
    return (
      this.signups
        .createQueryBuilder('s')
        .innerJoin('s.opportunity', 'o')
        .select('s.id', 'signupId')
        .addSelect('s.userId', 'userId')
        .addSelect('s.createdAt', 'signedUpAt')
        .addSelect('o.id', 'opportunityId')
        .addSelect('o.title', 'title')
        .addSelect('o.location', 'location')
        .addSelect('o.status', 'status')
        .addSelect('o.date', 'startsAt')
        // The district's wall-clock time on the event's local day, as an instant (PostgreSQL knows
        // the time zone rules, daylight saving included).
        .addSelect(
          `(date_trunc('day', o.date AT TIME ZONE :tz) + CAST(:todayAt AS time)) AT TIME ZONE :tz`,
          'todayAt',
        )
        .addSelect(
          `ARRAY(SELECT r.kind FROM "reminders_sent" r WHERE r."signup_id" = s.id AND r."starts_at" = o.date)`,
          'sent',
        )
        .setParameters({ tz: day.timeZone, todayAt: day.todayAt })
        .orderBy('s.id')
    );
  }

  findBySignup(signupId: number, day: DistrictDay): Promise<ReminderRow | undefined> {
    return this.rows(day).where('s.id = :signupId', { signupId }).getRawOne<ReminderRow>();
  }

  findByOpportunityAndUser(
    opportunityId: number,
    userId: number,
    day: DistrictDay,
  ): Promise<ReminderRow | undefined> {
    return this.rows(day)
      .where('s.opportunityId = :opportunityId AND s.userId = :userId', { opportunityId, userId })
      .getRawOne<ReminderRow>();
  }

  findByOpportunity(opportunityId: number, day: DistrictDay): Promise<ReminderRow[]> {
    return this.rows(day)
      .where('s.opportunityId = :opportunityId', { opportunityId })
      .getRawMany<ReminderRow>();
  }

  // Sign-ups of active events starting within `withinMs` from now (the sweep's window).
  findUpcoming(withinMs: number, day: DistrictDay): Promise<ReminderRow[]> {
    return this.rows(day)
      .where(`o.status = 'active' AND o.date > now()`)
      .andWhere(`o.date < now() + CAST(:withinMs AS double precision) * interval '1 millisecond'`, {
        withinMs,
      })
      .getRawMany<ReminderRow>();
  }

  // False when this reminder already went out (another worker, or a redelivered job).
  async markSent(
    manager: EntityManager,
    row: Pick<ReminderRow, 'signupId' | 'startsAt'>,
    kind: string,
  ): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .insert()
      .into(ReminderSentEntity)
      .values({ signupId: row.signupId, kind, startsAt: row.startsAt })
      .orIgnore()
      .returning(['id'])
      .execute();
    return (result.raw as unknown[]).length > 0;
  }
}
