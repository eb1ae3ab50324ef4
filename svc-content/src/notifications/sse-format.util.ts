import { NOTIFICATION_SSE_EVENT, type AnyNotificationItem } from '@district/contracts';

// How long a browser waits before reconnecting a dropped stream: 1 to 6 s, different for each
// stream, so thousands of browsers cut off by a restart do not all come back at the same moment.
export function sseRetryMs(random: () => number = Math.random): number {
  return 1_000 + Math.floor(random() * 5_000);
}

// First bytes of every stream: the reconnect delay and a comment saying the stream is live.
export function ssePreamble(retryMs = sseRetryMs()): string {
  return `retry: ${retryMs}\n: connected\n\n`;
}

// A comment line: ignored by EventSource, keeps nginx and NAT boxes from timing the stream out.
export const SSE_HEARTBEAT = ': heartbeat\n\n';

// One `notification` event per item; the id lets the client drop an item it already showed.
export function formatSseItem(item: AnyNotificationItem): string {
  // JSON.stringify never emits a raw newline, so the payload is always a single data line.
  const id = item.id === undefined ? '' : `id: ${item.id}\n`;
  return `${id}event: ${NOTIFICATION_SSE_EVENT}\ndata: ${JSON.stringify(item)}\n\n`;
}
