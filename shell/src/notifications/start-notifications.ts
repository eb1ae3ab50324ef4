import { apiPaths, isLiveUpdate } from '@district/contracts';
import { preloadToaster, queryClient } from '@district/ui';
import { NotificationClient, type NotificationClientOptions } from './notification-client';
import { NotificationQueue } from './notification-queue';
import { randomIconColor, showNotificationToast } from './notification-toast';
import { isStillOpen } from './notifications.queries';

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
  let stopped = false;
  const onItem: NotificationClientOptions['onItem'] = (item) => {
    // Every cached opportunity list (the /volunteer tabs, the hours page's event picker) is
    // out of date now: mounted ones refetch at once, so the new card appears without a reload.
    void queryClient.invalidateQueries({
      predicate: (query) => String(query.queryKey[0]).startsWith(apiPaths.opportunities),
    });
    // Issue 33: a live update (a check-in on an open roster) refreshes and says nothing.
    if (isLiveUpdate(item)) return;
    if (item.type === 'new_opportunity') {
      // Not for an event archived, deleted or over by now (a replay on connect).
      void isStillOpen(item).then((stillOpen) => stillOpen && !stopped && queue.push(item));
      return;
    }
    queue.push(item);
  };
  const client = new NotificationClient({ onItem, ...options });
  client.start();
  // The first toast should not wait for the toast component's chunk.
  preloadToaster();
  return {
    stop(stopOptions) {
      stopped = true;
      client.stop(stopOptions);
      queue.clear();
    },
  };
}
