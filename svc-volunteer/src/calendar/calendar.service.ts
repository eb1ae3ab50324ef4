import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { API_MESSAGES, type CalendarFeedResponse } from '@district/contracts';
import { SERVICE_CONFIG } from '@district/service-kit';
import { districtTimeZone, volunteerConfigSchema, type VolunteerConfig } from '../volunteer.config';
import { CalendarRepository } from './calendar.repository';
import { FEED_TOKEN_PATTERN, FeedTokenSeal, hashFeedToken, newFeedToken } from './feed-token';
import { renderCalendar } from './ics';

// The public path of a feed (the gateway routes it without a session, rate-limited).
export const FEED_PATH = '/api/calendar/feed/';

@Injectable()
export class CalendarService {
  private readonly seal: FeedTokenSeal;
  private readonly publicUrl: URL;
  private readonly timeZone: string;

  constructor(
    private readonly calendars: CalendarRepository,
    @Inject(SERVICE_CONFIG) config: VolunteerConfig,
  ) {
    this.seal = new FeedTokenSeal(config.IDENTITY_SECRET);
    this.publicUrl = new URL(config.PUBLIC_URL);
    this.timeZone = districtTimeZone(volunteerConfigSchema.parse(config));
  }

  // GET /api/opportunities/{id}/calendar.ics
  async opportunityCalendar(id: number): Promise<{ ics: string; title: string }> {
    const entry = await this.calendars.findEntry(id);
    if (!entry) throw new NotFoundException(API_MESSAGES.opportunityNotFound);
    return {
      ics: renderCalendar([entry], {
        host: this.publicUrl.host,
        name: entry.title,
        timeZone: this.timeZone,
      }),
      title: entry.title,
    };
  }

  // GET /api/calendar/feed: the student's address, made on first demand.
  async feedUrl(userId: number): Promise<CalendarFeedResponse> {
    const feed = await this.calendars.findFeed(userId);
    const token = feed && this.seal.open(feed.tokenSealed);
    if (token) return { url: this.urlOf(token) };
    if (!feed) {
      await this.calendars.insertFeed(this.newFeed(userId).row);
      const stored = await this.calendars.findFeed(userId);
      const storedToken = stored && this.seal.open(stored.tokenSealed);
      if (storedToken) return { url: this.urlOf(storedToken) };
    }
    // Sealed under an older IDENTITY_SECRET: nobody can be shown that address any more.
    return this.resetFeed(userId);
  }

  // DELETE /api/calendar/feed: a new address; the old one answers 404 from now on.
  async resetFeed(userId: number): Promise<CalendarFeedResponse> {
    const { token, row } = this.newFeed(userId);
    await this.calendars.replaceFeed(row);
    return { url: this.urlOf(token) };
  }

  // GET /api/calendar/feed/<token>.ics, without a session. Anything but a live token is the
  // same 404, so the answer reveals nothing but the calendar itself.
  async feed(file: string): Promise<string> {
    const token = file.endsWith('.ics') ? file.slice(0, -'.ics'.length) : '';
    const userId = FEED_TOKEN_PATTERN.test(token)
      ? await this.calendars.ownerOf(hashFeedToken(token))
      : undefined;
    if (userId === undefined) throw new NotFoundException(API_MESSAGES.notFound);
    return renderCalendar(await this.calendars.signedUpEntries(userId), {
      host: this.publicUrl.host,
      name: 'My volunteering',
      timeZone: this.timeZone,
    });
  }

  private newFeed(userId: number) {
    const token = newFeedToken();
    return {
      token,
      row: { userId, tokenHash: hashFeedToken(token), tokenSealed: this.seal.seal(token) },
    };
  }

  private urlOf(token: string): string {
    return new URL(`${FEED_PATH}${token}.ics`, this.publicUrl).toString();
  }
}
