import type { AnyNotificationItem, NotificationItem } from '@district/contracts';
import { json, startTestServer, type TestServer } from '@district/ui/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { NotificationClient, type NotificationClientOptions } from './notification-client';
import { waitFor } from '@testing-library/react';

const item = (id: number, title = `Opportunity ${id}`): NotificationItem => ({
  id,
  type: 'new_opportunity',
  data: { title, location: 'Metairie' },
});

// What the fake feed answers next: one queued answer per poll, then empty lists.
let answers: Array<{ status: number; body: unknown }> = [];
let server: TestServer;
// Each test's clients carry its number, so a poll a previous test's client had already sent
// when it was stopped cannot take an answer queued for this test.
let testNumber = 0;
let pollsThisTest = 0;
const TEST_HEADER = 'x-test-number';

beforeAll(async () => {
  server = await startTestServer({
    'GET /api/notifications': (req, res) => {
      const current = req.headers[TEST_HEADER] === String(testNumber);
      if (current) pollsThisTest++;
      const next = (current ? answers.shift() : undefined) ?? { status: 200, body: [] };
      json(res, next.status, next.body);
    },
  });
});
afterAll(() => server.close());

const clients: NotificationClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
  answers = [];
  server.requests.length = 0;
  testNumber++;
  pollsThisTest = 0;
});

const polls = () => pollsThisTest;
const fetchFromServer: typeof fetch = (input, init) => {
  const headers = new Headers(init?.headers);
  headers.set(TEST_HEADER, String(testNumber));
  return fetch(`${server.origin}${String(input)}`, { ...init, headers });
};

function client(options: Partial<NotificationClientOptions> = {}) {
  const shown: AnyNotificationItem[] = [];
  const errors: unknown[] = [];
  const c = new NotificationClient({
    onItem: (i) => shown.push(i),
    fetch: fetchFromServer,
    createEventSource: null,
    locks: null,
    createChannel: null,
    pollIntervalMs: 40,
    logError: (_message, error) => errors.push(error),
    ...options,
  });
  clients.push(c);
  return { c, shown, errors };
}

// The Web Locks API as browsers implement it for one lock name: granted in request order,
// released when the callback's promise settles, a waiting request abortable by its signal.
function lockManager(): Pick<LockManager, 'request'> {
  let tail = Promise.resolve();
  return {
    request: ((_name: string, options: LockOptions, callback: () => Promise<unknown>) => {
      const run = tail.then(() => {
        if (options.signal?.aborted) throw new DOMException('aborted', 'AbortError');
        return callback();
      });
      tail = run.then(
        () => undefined,
        () => undefined,
      );
      return run;
    }) as LockManager['request'],
  };
}

const waitUntil = (check: () => boolean, ms = 3000) =>
  waitFor(() => expect(check()).toBe(true), { timeout: ms });

describe('NotificationClient, polling', () => {
  it('shows each new_opportunity item once and ignores other types', async () => {
    answers = [
      { status: 200, body: [item(1), { type: 'something_else', data: { x: 1 } }, item(2)] },
      // The same item again (pushed and polled, say): not shown twice.
      { status: 200, body: [item(2), item(3)] },
    ];
    const { c, shown } = client();
    c.start();
    await waitUntil(() => shown.length === 3);
    expect(shown.map((i) => i.id)).toEqual([1, 2, 3]);
    expect(shown[0]).toEqual(item(1));
  });

  it('shows the user’s personal items too (issue 18)', async () => {
    const personal = {
      id: 4,
      type: 'personal',
      data: {
        kind: 'waitlist.promoted',
        title: "You're signed up: Food drive",
        body: 'A spot opened up.',
        path: '/volunteer',
        opportunityId: 7,
      },
    };
    answers = [{ status: 200, body: [personal, item(5)] }];
    const { c, shown } = client();
    c.start();
    await waitUntil(() => shown.length === 2);
    expect(shown).toEqual([personal, item(5)]);
  });

  it('keeps polling after a failed or non-OK answer, reporting it only to the console', async () => {
    answers = [
      { status: 500, body: { statusCode: 500, message: 'Internal Server Error' } },
      { status: 502, body: { statusCode: 502, message: 'Bad Gateway' } },
      { status: 200, body: [item(10)] },
    ];
    const { c, shown, errors } = client();
    c.start();
    await waitUntil(() => shown.length === 1);
    expect(errors.map((e) => (e as Error).message)).toEqual([
      '500: Internal Server Error',
      '502: Bad Gateway',
    ]);
    expect(shown.map((i) => i.id)).toEqual([10]);
  });

  it('makes no request once stopped (sign-out)', async () => {
    const { c } = client();
    c.start();
    await waitUntil(() => polls() >= 2);
    c.stop({ signedOut: true });
    const after = polls();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(polls()).toBe(after);
  });
});

describe('NotificationClient, one leader per browser', () => {
  it('lets one tab poll and hands its items to the other tabs; the next tab takes over when it closes', async () => {
    const locks = lockManager();
    const tab = () => client({ locks, createChannel: (name) => new BroadcastChannel(name) });
    const first = tab();
    const second = tab();
    first.c.start();
    second.c.start();
    answers = [{ status: 200, body: [item(21)] }];
    await waitUntil(() => first.shown.length === 1 && second.shown.length === 1);
    expect(second.shown).toEqual([item(21)]);

    // Only one tab is polling: the request rate is that of a single client.
    pollsThisTest = 0;
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(polls()).toBeLessThanOrEqual(12);

    first.c.stop();
    answers = [{ status: 200, body: [item(22)] }];
    await waitUntil(() => second.shown.length === 2);
    expect(first.shown).toHaveLength(1);
  });

  it('stops every tab when one signs out, and starts them again at the next sign-in', async () => {
    const locks = lockManager();
    const tab = () => client({ locks, createChannel: (name) => new BroadcastChannel(name) });
    const a = tab();
    const b = tab();
    a.c.start();
    b.c.start();
    await waitUntil(() => polls() >= 1);
    a.c.stop({ signedOut: true });
    await new Promise((resolve) => setTimeout(resolve, 100));
    pollsThisTest = 0;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(polls()).toBe(0);

    const again = tab();
    again.c.start();
    answers = [{ status: 200, body: [item(31)] }];
    await waitUntil(() => again.shown.length === 1 && b.shown.length === 1);
  });
});

// A stand-in for the browser's EventSource, driven by the test.
class FakeEventSource extends EventTarget {
  static instances: FakeEventSource[] = [];
  readyState = 0;
  onopen: ((e: Event) => void) | null = null;
  onerror: ((e: Event) => void) | null = null;
  constructor(readonly url: string) {
    super();
    FakeEventSource.instances.push(this);
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  emit(data: unknown) {
    this.dispatchEvent(new MessageEvent('notification', { data: JSON.stringify(data) }));
  }
  fail(closed: boolean) {
    this.readyState = closed ? 2 : 0;
    this.onerror?.(new Event('error'));
  }
  close() {
    this.readyState = 2;
  }
}

describe('NotificationClient, push channel', () => {
  afterEach(() => {
    FakeEventSource.instances = [];
  });
  const withStream = () =>
    client({
      createEventSource: (url) => new FakeEventSource(url) as unknown as EventSource,
    });

  it('uses the stream while it is open and does not poll', async () => {
    const { c, shown } = withStream();
    c.start();
    const es = FakeEventSource.instances[0]!;
    expect(es.url).toBe('/api/notifications/stream');
    es.open();
    es.emit(item(41));
    es.emit({ type: 'other', data: {} });
    es.emit(item(41));
    expect(shown.map((i) => i.id)).toEqual([41]);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(polls()).toBe(0);
  });

  it('falls back to polling when the stream is refused, never showing an item twice', async () => {
    const { c, shown } = withStream();
    c.start();
    const es = FakeEventSource.instances[0]!;
    es.open();
    es.emit(item(51));
    answers = [{ status: 200, body: [item(51), item(52)] }];
    es.fail(true);
    await waitUntil(() => shown.length === 2);
    expect(shown.map((i) => i.id)).toEqual([51, 52]);
    expect(polls()).toBeGreaterThanOrEqual(1);
  });

  it('closes the stream when stopped', () => {
    const { c } = withStream();
    c.start();
    const es = FakeEventSource.instances[0]!;
    es.open();
    c.stop({ signedOut: true });
    expect(es.readyState).toBe(2);
  });
});
