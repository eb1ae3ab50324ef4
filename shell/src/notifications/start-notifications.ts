import { apiPaths } from '@district/contracts';
import { preloadToaster, queryClient } from '@district/ui';
import { NotificationClient, type NotificationClientOptions } from './notification-client';
import { NotificationQueue } from './notification-queue';
import { randomIconColor, showNotificationToast } from './notification-toast';

export interface RunningNotifications {
  stop(options?: { signedOut?: boolean }): void;
}

// Entry of the lazy notifications chunk (loaded once a user is signed in, never on /auth).
export function startNotifications(
  options: Partial<NotificationClientOptions> = {},
  open?: (path: string) => void,
): RunningNotifications {
  const queue = new NotificationQueue((item) =>
    showNotificationToast(item, randomIconColor(), open),
  );
  const onItem: NotificationClientOptions['onItem'] = (item) => {
    // Every cached opportunity list (the /volunteer tabs, the hours page's event picker) is
    // out of date now: mounted ones refetch at once, so the new card appears without a reload.
    void queryClient.invalidateQueries({
      predicate: (query) => String(query.queryKey[0]).startsWith(apiPaths.opportunities),
    });
    queue.push(item);
  };
  const client = new NotificationClient({ onItem, ...options });
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
