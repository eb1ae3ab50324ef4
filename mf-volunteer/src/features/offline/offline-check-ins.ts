import { OFFLINE } from '@district/contracts';
import { currentLanguage } from '@district/ui';
import {
  dismissQueuedCheckIn,
  onQueuedCheckInsChanged,
  queueCheckIn,
  queuedCheckIns,
  sendQueuedCheckIns,
  type QueuedCheckIn,
} from '@district/ui/offline';
import { useCallback, useEffect, useState } from 'react';

export type { QueuedCheckIn };

// Issue 34: no answer at all (fetch rejects with a TypeError) means no network, as opposed to an
// answer the server gave (a wrong code, a closed window).
export const isNetworkFailure = (error: unknown): boolean => error instanceof TypeError;

// Records the check-in on the phone, with the time of the scan, and asks the worker to send it
// when the network returns (Background Sync; pages also send on 'online' and on the next open).
export async function saveCheckInOffline(
  userId: number,
  opportunityId: number,
  code: string,
  scannedAt = new Date(),
): Promise<QueuedCheckIn> {
  const queued = await queueCheckIn({
    userId,
    opportunityId,
    code,
    scannedAt: scannedAt.toISOString(),
    language: currentLanguage(),
  });
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    const sync = (registration as { sync?: { register(tag: string): Promise<void> } } | undefined)
      ?.sync;
    await sync?.register(OFFLINE.checkInSyncTag);
  } catch {
    // No Background Sync here: the 'online' listener and the next open send it.
  }
  return queued;
}

// The user's saved check-ins, kept current as the worker or another tab sends them.
export function useQueuedCheckIns(userId: number | undefined) {
  const [entries, setEntries] = useState<QueuedCheckIn[]>([]);
  const reload = useCallback(() => {
    if (userId === undefined) return;
    queuedCheckIns(userId)
      .then(setEntries)
      .catch(() => setEntries([]));
  }, [userId]);
  useEffect(() => {
    reload();
    const unsubscribe = onQueuedCheckInsChanged(reload);
    // The shell's layout sends on 'online' too; whoever is first sends, the other finds nothing.
    const send = () => void sendQueuedCheckIns().then(reload, reload);
    addEventListener('online', send);
    return () => {
      unsubscribe();
      removeEventListener('online', send);
    };
  }, [reload]);
  const dismiss = useCallback(
    (key: string) => void dismissQueuedCheckIn(key).then(reload, reload),
    [reload],
  );
  return { entries, reload, dismiss };
}
