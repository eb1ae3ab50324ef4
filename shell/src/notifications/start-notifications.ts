import { preloadToaster } from '@district/ui';
import { NotificationClient, type NotificationClientOptions } from './notification-client';
import { NotificationQueue } from './notification-queue';

export interface RunningNotifications {
  stop(options?: { signedOut?: boolean }): void;
}

// Entry of the lazy notifications chunk (loaded once a user is signed in, never on /auth).
export function startNotifications(
  options: Partial<NotificationClientOptions> = {},
): RunningNotifications {
  const queue = new NotificationQueue();
  const client = new NotificationClient({ onItem: (item) => queue.push(item), ...options });
  client.start();
  // The first toast should not wait for the toast component's chunk.
  preloadToaster();
  return {
    stop(stopOptions) {
      client.stop(stopOptions);
      queue.clear();
    },
  };
}
