import type { AnyNotificationItem } from '@district/contracts';
import { usePlatformStore, type ToastHandle } from '@district/ui';
import { showNotificationToast } from './notification-toast';

// One toast at a time (SPEC §9). A newer notification replaces an older one, as any toast does,
// but a notification never pushes aside a toast the user is reading because of something they
// did (an admin's "Opportunity created successfully", an error): it waits for that one to close.
export class NotificationQueue {
  private readonly waiting: AnyNotificationItem[] = [];
  // Toasts this queue showed (they may be replaced by the next notification).
  private readonly own = new Set<string>();
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly show: (item: AnyNotificationItem) => ToastHandle = showNotificationToast,
  ) {}

  push(item: AnyNotificationItem): void {
    this.waiting.push(item);
    this.pump();
  }

  clear(): void {
    this.waiting.length = 0;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
  }

  private pump(): void {
    const toasts = usePlatformStore.getState().toasts;
    for (const id of this.own) if (!toasts.some((t) => t.id === id)) this.own.delete(id);
    const othersShowing = toasts.some((t) => t.open && !this.own.has(t.id));
    while (!othersShowing && this.waiting.length > 0) {
      this.own.add(this.show(this.waiting.shift()!).id);
    }
    if (this.waiting.length === 0) {
      this.unsubscribe?.();
      this.unsubscribe = undefined;
    } else {
      this.unsubscribe ??= usePlatformStore.subscribe(() => this.pump());
    }
  }
}
