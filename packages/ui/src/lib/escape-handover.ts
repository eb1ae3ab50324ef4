import type { KeyboardEvent as ReactKeyboardEvent } from 'react';

// Radix gives Escape only to the newest layer, and a toast is a layer: a toast that arrives while
// a dialog is open would swallow the Escape meant for the dialog (issue 14.7). A toast without
// focus keeps itself open and hands the key over; the dialog holding focus then closes.
const handedOver = new WeakSet<Event>();

// For a toast's onEscapeKeyDown. Focus in the toasts region (F8, Tab) means Escape is for a toast.
export function keepToastUnlessFocused(event: KeyboardEvent): void {
  if (document.activeElement?.closest('.ui-toast__viewport')) return;
  event.preventDefault();
  handedOver.add(event);
}

// For a dialog content's onKeyDown: closes on an Escape a toast handed over. Escape the dialog
// got first-hand is already handled by Radix (and default-prevented).
export function closeOnHandedOverEscape(
  event: ReactKeyboardEvent<HTMLElement>,
  close: () => void,
): void {
  if (event.key !== 'Escape' || !handedOver.has(event.nativeEvent)) return;
  // Only when focus is really inside this dialog, not in a portalled child such as a select.
  if (!event.currentTarget.contains(event.target as Node)) return;
  close();
}
