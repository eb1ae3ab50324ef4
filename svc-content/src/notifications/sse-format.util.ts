import { NOTIFICATION_SSE_EVENT, type NotificationItem } from '@district/contracts';

// How long a browser waits before reconnecting a dropped stream.
export const SSE_RETRY_MS = 3_000;

// First bytes of every stream: the reconnect delay and a comment that flushes the headers.
export const SSE_PREAMBLE = `retry: ${SSE_RETRY_MS}\n: connected\n\n`;

// A comment line: ignored by EventSource, keeps nginx and NAT boxes from timing the stream out.
export const SSE_HEARTBEAT = ': heartbeat\n\n';

// One `notification` event per item; the id lets the client drop an item it already showed.
export function formatSseItem(item: NotificationItem): string {
  // JSON.stringify never emits a raw newline, so the payload is always a single data line.
  const id = item.id === undefined ? '' : `id: ${item.id}\n`;
  return `${id}event: ${NOTIFICATION_SSE_EVENT}\ndata: ${JSON.stringify(item)}\n\n`;
}
