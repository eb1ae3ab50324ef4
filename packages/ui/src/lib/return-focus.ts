import { useRef } from 'react';

// Our dialogs are opened by state (no Radix Trigger), so Radix has no trigger to give focus back
// to and focus falls to <body> on close. This remembers what had focus when the dialog opened and
// returns focus there when it closes (WAI-ARIA dialog pattern; issue 14.7).
export function useReturnFocus(): {
  onOpenAutoFocus: () => void;
  onCloseAutoFocus: (event: Event) => void;
} {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    },
    onCloseAutoFocus: (event) => {
      const target = opener.current;
      opener.current = null;
      // The opener may be gone (the card was deleted): then Radix's default applies.
      if (!target?.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
}
