import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { EventPayload } from '@district/contracts';
import {
  ContentCluster,
  itemFor,
  opportunity,
  sleep,
  waitFor,
  type SseClient,
} from './support/notification-fixtures';

// Issue 18: notification.requested becomes a toast for its recipients only.
let cluster: ContentCluster;
let nextUser = 8000;
let nextOpportunity = 800;
const clients: SseClient[] = [];

const newUser = () => ({ id: nextUser++ });
const track = (client: SseClient) => (clients.push(client), client);
const withoutIds = (items: Array<{ type: string; data: unknown }>) =>
  items.map(({ type, data }) => ({ type, data }));

const promoted = (
  userIds: number[],
  title = 'You’re signed up: Levee clean-up',
): EventPayload<'notification.requested'> => ({
  userIds,
  kind: 'waitlist.promoted',
  title,
  body: 'A spot opened up and you were next on the waitlist.',
  path: '/volunteer',
  opportunityId: 42,
  email: true,
});
const personalItem = (payload: EventPayload<'notification.requested'>) => ({
  type: 'personal',
  data: {
    kind: payload.kind,
    title: payload.title,
    body: payload.body,
    path: payload.path,
    opportunityId: payload.opportunityId,
    ...(payload.message ? { message: payload.message } : {}),
  },
});

beforeAll(async () => {
  cluster = await ContentCluster.create();
});
afterEach(() => {
  for (const client of clients.splice(0)) client.close();
});
afterAll(async () => {
  await cluster?.close();
});

describe('personal notifications (notification.requested)', () => {
  it('reach only the recipient’s open streams, within a second, on whichever instance', async () => {
    const a = await cluster.start({ consumer: false });
    const b = await cluster.start();
    try {
      const [recipient, neighbour, other] = [newUser(), newUser(), newUser()];
      const mine = track(await a.stream(recipient));
      const theirs = track(await b.stream(neighbour));
      const others = track(await a.stream(other));
      await waitFor(() => a.streams.size === 2 && b.streams.size === 1, 'the streams');

      const payload = promoted([recipient.id]);
      const started = Date.now();
      await cluster.emitNotification(payload);
      await waitFor(() => mine.items.length > 0, 'the personal toast', 5_000);
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(withoutIds(mine.items)).toEqual([personalItem(payload)]);

      // A broadcast afterwards reaches everyone; by then the personal one would have too.
      const broadcast = opportunity(nextOpportunity++);
      await cluster.emit(broadcast);
      for (const client of [mine, theirs, others])
        await waitFor(
          () => client.items.length > 0 && client.items.at(-1)!.type === 'new_opportunity',
          'the broadcast',
          5_000,
        );
      expect(withoutIds(theirs.items)).toEqual([itemFor(broadcast)]);
      expect(withoutIds(others.items)).toEqual([itemFor(broadcast)]);
      // Nobody gets it by polling either, and the recipient not twice.
      for (const user of [recipient, neighbour, other])
        expect(await b.notifications(user)).toEqual([]);
    } finally {
      await b.close();
      await a.close();
    }
  });

  it('waits for a recipient who is away and is handed to them alone when they come back', async () => {
    const instance = await cluster.start();
    try {
      const [away, alsoAway, bystander] = [newUser(), newUser(), newUser()];
      // Each has been here before (their cursor exists).
      for (const user of [away, alsoAway, bystander])
        expect(await instance.notifications(user)).toEqual([]);

      const forAway = promoted([away.id], 'For the first');
      const forBoth = promoted([away.id, alsoAway.id], 'For both');
      for (const payload of [forAway, forBoth]) {
        const id = await cluster.emitNotification(payload);
        await waitFor(() => cluster.processed(id), 'the event to be processed');
      }

      const back = track(await instance.stream(away));
      await waitFor(() => back.items.length >= 2, 'the replay', 5_000);
      expect(withoutIds(back.items)).toEqual([personalItem(forAway), personalItem(forBoth)]);
      expect(withoutIds(await instance.notifications(alsoAway))).toEqual([personalItem(forBoth)]);
      expect(await instance.notifications(bystander)).toEqual([]);
      // Handed out once: a second look finds nothing new.
      await sleep(200);
      expect(back.items).toHaveLength(2);
      expect(await instance.notifications(away)).toEqual([]);
      // The bystander's cursor moved past the others' items (the next poll does not look again)
      // and what is for everyone still reaches them.
      const [{ cursor, newest }] = (await cluster.db.query(
        `SELECT (SELECT last_item_id FROM notification_cursors WHERE user_id = $1) AS cursor,
                (SELECT max(id) FROM notification_items) AS newest`,
        [bystander.id],
      )) as Array<{ cursor: number; newest: number }>;
      expect(cursor).toBe(newest);
      const broadcast = opportunity(nextOpportunity++);
      await cluster.emitAndWait(broadcast);
      expect(withoutIds(await instance.notifications(bystander))).toEqual([itemFor(broadcast)]);
    } finally {
      await instance.close();
    }
  });

  // Issue 22: the catalogue entry travels with the toast, so the browser shows it in the user's
  // language; items from older producers have none.
  it('hands the browser the message (key and values) with the English texts', async () => {
    const instance = await cluster.start();
    try {
      const user = newUser();
      expect(await instance.notifications(user)).toEqual([]);
      const payload: EventPayload<'notification.requested'> = {
        ...promoted([user.id], 'You’re signed up: Levee clean-up'),
        message: { key: 'waitlistPromoted', values: { title: 'Levee clean-up' } },
      };
      const id = await cluster.emitNotification(payload);
      await waitFor(() => cluster.processed(id), 'the event to be processed');
      const items = await instance.notifications(user);
      expect(withoutIds(items)).toEqual([personalItem(payload)]);
      expect(items[0]).toMatchObject({
        type: 'personal',
        data: { message: { key: 'waitlistPromoted', values: { title: 'Levee clean-up' } } },
      });
    } finally {
      await instance.close();
    }
  });
});
