import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { OpportunityEntity } from '../opportunities/opportunity.entity';
import { SignupEntity } from '../signups/signup.entity';
import { CalendarFeedEntity } from './calendar-feed.entity';
import type { CalendarEntry } from './ics';

const ENTRY_FIELDS = {
  id: true,
  title: true,
  description: true,
  location: true,
  date: true,
  endsAt: true,
} as const;

@Injectable()
export class CalendarRepository {
  constructor(
    @InjectRepository(CalendarFeedEntity) private readonly feeds: Repository<CalendarFeedEntity>,
    @InjectRepository(OpportunityEntity)
    private readonly opportunities: Repository<OpportunityEntity>,
  ) {}

  findEntry(id: number): Promise<CalendarEntry | null> {
    return this.opportunities.findOne({ select: ENTRY_FIELDS, where: { id } });
  }

  // A student's current sign-ups, soonest first.
  signedUpEntries(userId: number): Promise<CalendarEntry[]> {
    return this.opportunities
      .createQueryBuilder('o')
      .innerJoin(SignupEntity, 's', 's.opportunityId = o.id AND s.userId = :userId', { userId })
      .select(['o.id', 'o.title', 'o.description', 'o.location', 'o.date', 'o.endsAt'])
      .orderBy('o.date', 'ASC')
      .addOrderBy('o.id', 'ASC')
      .getMany();
  }

  findFeed(userId: number): Promise<CalendarFeedEntity | null> {
    return this.feeds.findOneBy({ userId });
  }

  async ownerOf(tokenHash: string): Promise<number | undefined> {
    return (await this.feeds.findOne({ select: { userId: true }, where: { tokenHash } }))?.userId;
  }

  // The first address wins when two requests make one at once.
  async insertFeed(
    feed: Pick<CalendarFeedEntity, 'userId' | 'tokenHash' | 'tokenSealed'>,
  ): Promise<void> {
    await this.feeds.createQueryBuilder().insert().values(feed).orIgnore().execute();
  }

  // A new address replaces the old one at once: the old token matches nothing afterwards.
  async replaceFeed(
    feed: Pick<CalendarFeedEntity, 'userId' | 'tokenHash' | 'tokenSealed'>,
  ): Promise<void> {
    await this.feeds.upsert({ ...feed, createdAt: new Date() }, ['userId']);
  }
}
