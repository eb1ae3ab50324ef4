import { sendQueuedCheckIns } from '@district/ui/offline';
import { useEffect } from 'react';

// Issue 34: check-ins recorded offline go out on the next open of the app and whenever the
// network returns (Background Sync does it from the worker too, where the browser has it; the
// queue sends each entry once whoever gets there first).
export function useSendQueuedCheckIns(): void {
  useEffect(() => {
    const send = () => void sendQueuedCheckIns().catch(() => undefined);
    send();
    addEventListener('online', send);
    return () => removeEventListener('online', send);
  }, []);
}
