import type { NotificationItem, Opportunity } from '@district/contracts';
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { isStillOpen } from './notifications.queries';

const NOW = Date.parse('2031-03-01T12:00:00Z');
const item = (opportunityId?: number): NotificationItem => ({
  id: 1,
  type: 'new_opportunity',
  data: { title: 'Food drive', location: 'Kenner', ...(opportunityId ? { opportunityId } : {}) },
});
const opportunity = (id: number, date: string, endsAt?: string): Opportunity => ({
  id,
  title: 'Food drive',
  description: 'Sort cans.',
  location: 'Kenner',
  date,
  ...(endsAt ? { endsAt } : {}),
  spaces: 5,
  filled: 0,
  status: 'active',
});

describe(isStillOpen.name, () => {
  let fetchMock: jest.Mock<typeof fetch>;
  const answer = (body: unknown, status = 200) =>
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
    );
  beforeEach(() => {
    fetchMock = jest.fn<typeof fetch>();
    globalThis.fetch = fetchMock;
  });

  it('lets the toast show for an active opportunity that is not over', async () => {
    answer([opportunity(7, '2031-03-02T09:00:00Z')]);
    expect(await isStillOpen(item(7), NOW)).toBe(true);
    expect(String(fetchMock.mock.calls[0][0])).toBe('/api/opportunities?status=active');
  });

  it('keeps it back for an opportunity archived or deleted since (not in the active list)', async () => {
    answer([opportunity(8, '2031-03-02T09:00:00Z')]);
    expect(await isStillOpen(item(7), NOW)).toBe(false);
  });

  it('keeps it back for an opportunity already over, by its end when it has one', async () => {
    answer([opportunity(7, '2031-03-01T08:00:00Z', '2031-03-01T11:00:00Z')]);
    expect(await isStillOpen(item(7), NOW)).toBe(false);
    answer([opportunity(7, '2031-03-01T10:00:00Z', '2031-03-01T14:00:00Z')]);
    expect(await isStillOpen(item(7), NOW)).toBe(true);
  });

  it('reads the list fresh each time, and shows as before when it cannot be read', async () => {
    answer([opportunity(7, '2031-03-02T09:00:00Z')]);
    expect(await isStillOpen(item(7), NOW)).toBe(true);
    answer([]);
    expect(await isStillOpen(item(7), NOW)).toBe(false);
    answer({ statusCode: 503, message: 'Service temporarily unavailable' }, 503);
    expect(await isStillOpen(item(7), NOW)).toBe(true);
    expect(await isStillOpen(item(), NOW)).toBe(true);
  });
});
