import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { NotFoundException } from '@nestjs/common';
import type { VolunteerConfig } from '../volunteer.config';
import type { CalendarFeedEntity } from './calendar-feed.entity';
import type { CalendarRepository } from './calendar.repository';
import { CalendarService, FEED_PATH } from './calendar.service';
import { FeedTokenSeal, hashFeedToken } from './feed-token';

const SECRET = 'identity-secret-0123456789abcdef0123456789';
const config = {
  IDENTITY_SECRET: SECRET,
  PUBLIC_URL: 'https://volunteer.test',
  PHOTO_DIR: '/tmp/photos',
} as VolunteerConfig;
const ENTRY = {
  id: 7,
  title: 'Food bank',
  description: 'Sort donations',
  location: 'Metairie',
  date: new Date('2026-03-14T15:00:00.000Z'),
  endsAt: new Date('2026-03-14T18:00:00.000Z'),
};
const tokenOf = (url: string) => url.slice(url.lastIndexOf('/') + 1, -'.ics'.length);

describe(CalendarService.name, () => {
  let calendars: jest.Mocked<
    Pick<
      CalendarRepository,
      'findEntry' | 'signedUpEntries' | 'findFeed' | 'ownerOf' | 'insertFeed' | 'replaceFeed'
    >
  >;
  let stored: CalendarFeedEntity | null;
  let sut: CalendarService;

  beforeEach(() => {
    stored = null;
    calendars = {
      findEntry: jest.fn(async () => ENTRY),
      signedUpEntries: jest.fn(async () => [ENTRY]),
      findFeed: jest.fn(async () => stored),
      ownerOf: jest.fn(async () => 101),
      insertFeed: jest.fn(async (row) => void (stored = row as CalendarFeedEntity)),
      replaceFeed: jest.fn(async (row) => void (stored = row as CalendarFeedEntity)),
    } as never;
    sut = new CalendarService(calendars as unknown as CalendarRepository, config);
  });

  it('renders one opportunity, 404 for a missing one', async () => {
    const { ics, title } = await sut.opportunityCalendar(7);
    expect(title).toBe('Food bank');
    expect(ics).toContain('UID:opportunity-7@volunteer.test');
    calendars.findEntry.mockResolvedValue(null);
    await expect(sut.opportunityCalendar(8)).rejects.toThrow(NotFoundException);
  });

  it('makes the feed address on first demand and answers the same one after', async () => {
    const first = await sut.feedUrl(101);
    expect(first.url.startsWith(`https://volunteer.test${FEED_PATH}`)).toBe(true);
    expect(calendars.insertFeed).toHaveBeenCalledTimes(1);
    // Only the hash finds the owner; the token itself is stored sealed.
    expect((stored as CalendarFeedEntity | null)?.tokenHash).toBe(
      hashFeedToken(tokenOf(first.url)),
    );
    expect(await sut.feedUrl(101)).toEqual(first);
    expect(calendars.insertFeed).toHaveBeenCalledTimes(1);
  });

  it('gives a new address when the stored one was sealed under another secret', async () => {
    const other = new FeedTokenSeal('another-secret-0123456789abcdef01234567');
    stored = {
      userId: 101,
      tokenHash: 'old',
      tokenSealed: other.seal('x'.repeat(43)),
    } as unknown as CalendarFeedEntity;
    const { url } = await sut.feedUrl(101);
    expect(calendars.replaceFeed).toHaveBeenCalledTimes(1);
    expect((stored as CalendarFeedEntity | null)?.tokenHash).toBe(hashFeedToken(tokenOf(url)));
  });

  it("serves the owner's sign-ups for a live token, the same 404 for anything else", async () => {
    const { url } = await sut.feedUrl(101);
    const token = tokenOf(url);
    expect(await sut.feed(`${token}.ics`)).toContain('UID:opportunity-7@volunteer.test');
    expect(calendars.ownerOf).toHaveBeenCalledWith(hashFeedToken(token));
    expect(calendars.signedUpEntries).toHaveBeenCalledWith(101);
    for (const file of [token, 'short.ics', `${token}.ics`]) {
      if (file === `${token}.ics`) calendars.ownerOf.mockResolvedValue(undefined);
      await expect(sut.feed(file)).rejects.toThrow(NotFoundException);
    }
    // A malformed token never reaches the database.
    expect(calendars.ownerOf).toHaveBeenCalledTimes(2);
  });
});
