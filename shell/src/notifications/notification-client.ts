import {
  apiPaths,
  NOTIFICATION_POLL_INTERVAL_MS,
  isPersonalNotification,
  NOTIFICATION_SSE_EVENT,
  type AnyNotificationItem,
} from '@district/contracts';
import { throwIfResNotOk } from '@district/ui';

// One stream per browser (browsers allow six HTTP/1.1 connections per host across all tabs): the
// tab holding this Web Lock reads the stream (or polls) and hands each item to the other tabs.
// The lock is released when its tab closes, and a waiting tab takes over.
const LEADER_LOCK = 'district:notifications-leader';
const CHANNEL_NAME = 'district:notifications';
// While polling because the stream failed, the stream is tried again every this many polls.
const STREAM_RETRY_AFTER_POLLS = 10;

type ChannelMessage =
  | { kind: 'item'; item: AnyNotificationItem }
  // Sessions are per browser: a sign-out in one tab ends them for every tab.
  | { kind: 'signed-out' }
  | { kind: 'signed-in' };

export interface NotificationClientOptions {
  onItem: (item: AnyNotificationItem) => void;
  fetch?: typeof fetch;
  // null: no push channel (polling only).
  createEventSource?: ((url: string) => EventSource) | null;
  // null: no coordination between tabs (each tab leads itself).
  locks?: Pick<LockManager, 'request'> | null;
  createChannel?: ((name: string) => BroadcastChannel) | null;
  pollIntervalMs?: number;
  logError?: (message: string, error: unknown) => void;
}

// SPEC §3/§4: new_opportunity items with a title and a location are shown, and (issue 18) the
// user's own personal items; anything else is ignored.
function isShowable(value: unknown): value is AnyNotificationItem {
  if (isPersonalNotification(value)) return true;
  const item = value as { type?: unknown; data?: { title?: unknown; location?: unknown } } | null;
  return (
    item?.type === 'new_opportunity' &&
    typeof item.data?.title === 'string' &&
    typeof item.data.location === 'string'
  );
}

const SEEN_LIMIT = 500;

function defaultEventSource(): ((url: string) => EventSource) | null {
  return typeof EventSource === 'function'
    ? (url) => new EventSource(url, { withCredentials: true })
    : null;
}

// Lives while a user is signed in in this tab (see notifications-listener.tsx).
export class NotificationClient {
  private readonly options: Required<Omit<NotificationClientOptions, 'fetch'>> & {
    fetch: typeof fetch;
  };
  private channel: BroadcastChannel | null = null;
  // Ends whatever this tab is doing right now (leading, or waiting to lead).
  private session: AbortController | null = null;
  private state: 'idle' | 'running' | 'paused' | 'stopped' = 'idle';
  // Ids already shown in this tab (push and polling may both carry an item; never toast twice).
  private readonly seen = new Set<number>();

  constructor(options: NotificationClientOptions) {
    const hasLocks = typeof navigator !== 'undefined' && 'locks' in navigator;
    this.options = {
      fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
      createEventSource:
        options.createEventSource === undefined ? defaultEventSource() : options.createEventSource,
      locks: options.locks === undefined ? (hasLocks ? navigator.locks : null) : options.locks,
      createChannel:
        options.createChannel === undefined
          ? typeof BroadcastChannel === 'function'
            ? (name) => new BroadcastChannel(name)
            : null
          : options.createChannel,
      pollIntervalMs: options.pollIntervalMs ?? NOTIFICATION_POLL_INTERVAL_MS,
      onItem: options.onItem,
      logError: options.logError ?? ((message, error) => console.error(message, error)),
    };
  }

  start(): void {
    if (this.state !== 'idle') return;
    this.state = 'running';
    const channel = this.options.createChannel?.(CHANNEL_NAME) ?? null;
    if (channel) {
      channel.onmessage = (event: MessageEvent<ChannelMessage>) => this.onMessage(event.data);
      // Tabs paused by an earlier sign-out elsewhere start again.
      channel.postMessage({ kind: 'signed-in' } satisfies ChannelMessage);
    }
    this.channel = channel;
    this.run();
  }

  // signedOut: the user signed out here, so every other tab of this browser stops too.
  stop({ signedOut = false }: { signedOut?: boolean } = {}): void {
    if (this.state === 'stopped') return;
    this.state = 'stopped';
    this.session?.abort();
    this.session = null;
    if (signedOut) this.channel?.postMessage({ kind: 'signed-out' } satisfies ChannelMessage);
    this.channel?.close();
    this.channel = null;
  }

  private onMessage(message: ChannelMessage): void {
    if (message.kind === 'item') this.receive(message.item, false);
    else if (message.kind === 'signed-out' && this.state === 'running') {
      this.state = 'paused';
      this.session?.abort();
      this.session = null;
    } else if (message.kind === 'signed-in' && this.state === 'paused') {
      this.state = 'running';
      this.run();
    }
  }

  private run(): void {
    const session = new AbortController();
    this.session = session;
    const { locks } = this.options;
    if (!locks || !this.channel) {
      this.lead(session.signal);
      return;
    }
    // Waits (without polling or streaming) until this tab holds the lock; keeps it until the
    // session ends or the tab closes.
    locks
      .request(LEADER_LOCK, { signal: session.signal }, () => {
        if (session.signal.aborted) return undefined;
        this.lead(session.signal);
        return new Promise<void>((release) =>
          session.signal.addEventListener('abort', () => release(), { once: true }),
        );
      })
      .catch(() => {
        // Aborted while waiting: this tab stopped before it was its turn.
      });
  }

  // The leader: the stream when it works, polling every 30 s while it does not.
  private lead(signal: AbortSignal): void {
    const { pollIntervalMs, createEventSource } = this.options;
    let source: EventSource | undefined;
    let streamOpen = false;
    let pollTimer: ReturnType<typeof setTimeout> | undefined;
    let request: AbortController | undefined;
    let pollsSinceStreamFailed = 0;

    const schedulePoll = (delay: number) => {
      if (pollTimer !== undefined || request || signal.aborted) return;
      pollTimer = setTimeout(() => void poll(), delay);
    };
    const stopPolling = () => {
      clearTimeout(pollTimer);
      pollTimer = undefined;
    };

    const poll = async () => {
      pollTimer = undefined;
      request = new AbortController();
      try {
        const res = await this.options.fetch(apiPaths.notifications, {
          credentials: 'include',
          cache: 'no-store',
          signal: request.signal,
        });
        await throwIfResNotOk(res);
        const items: unknown = await res.json();
        if (Array.isArray(items)) for (const item of items) this.receive(item, true);
      } catch (error) {
        // SPEC §8: logged only, nothing shown, polling continues.
        if (!signal.aborted) this.options.logError('[notifications] request failed', error);
      } finally {
        request = undefined;
      }
      if (signal.aborted || streamOpen) return;
      if (!source && createEventSource && ++pollsSinceStreamFailed >= STREAM_RETRY_AFTER_POLLS) {
        pollsSinceStreamFailed = 0;
        openStream();
      }
      schedulePoll(pollIntervalMs);
    };

    const openStream = () => {
      if (!createEventSource) return;
      const es = createEventSource(apiPaths.notificationsStream);
      source = es;
      es.addEventListener(NOTIFICATION_SSE_EVENT, (event) => {
        try {
          this.receive(JSON.parse((event as MessageEvent<string>).data), true);
        } catch (error) {
          this.options.logError('[notifications] unreadable stream event', error);
        }
      });
      es.onopen = () => {
        streamOpen = true;
        stopPolling();
      };
      es.onerror = () => {
        streamOpen = false;
        if (es.readyState === 2 /* CLOSED: an error status, the browser gave up */) {
          es.close();
          if (source === es) source = undefined;
          stopPolling();
          schedulePoll(0);
        } else {
          // Reconnecting by itself; poll in the meantime should that take long.
          schedulePoll(pollIntervalMs);
        }
      };
    };

    signal.addEventListener(
      'abort',
      () => {
        source?.close();
        source = undefined;
        stopPolling();
        request?.abort();
      },
      { once: true },
    );

    if (createEventSource) {
      openStream();
      // A stream that never opens must not leave the user without notifications.
      schedulePoll(pollIntervalMs);
    } else {
      schedulePoll(0);
    }
  }

  private firstSighting(item: AnyNotificationItem): boolean {
    if (item.id === undefined) return true;
    if (this.seen.has(item.id)) return false;
    this.seen.add(item.id);
    if (this.seen.size > SEEN_LIMIT) this.seen.delete(this.seen.values().next().value!);
    return true;
  }

  private receive(value: unknown, fromNetwork: boolean): void {
    if (this.state !== 'running' && fromNetwork) return;
    if (!isShowable(value) || !this.firstSighting(value)) return;
    if (fromNetwork)
      this.channel?.postMessage({ kind: 'item', item: value } satisfies ChannelMessage);
    this.options.onItem(value);
  }
}
