import { lazy, Suspense, useState, type ReactNode } from 'react';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  // Buttons under the body, e.g. Cancel / Save.
  footer?: ReactNode;
  closeLabel?: string;
  className?: string;
}

// Radix Dialog (focus trap, scroll lock) loads the first time a dialog opens; no page pays for it
// up front. Focus returns to the element that opened the dialog when it closes.
const loadDialog = () => import('./dialog-impl');
const DialogImpl = lazy(() => loadDialog().then((m) => ({ default: m.DialogImpl })));

export function preloadDialog(): void {
  void loadDialog();
}

export function Dialog(props: DialogProps) {
  const [mounted, setMounted] = useState(props.open);
  // Stay mounted after the first opening so the close animation and later openings are instant.
  if (props.open && !mounted) setMounted(true);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <DialogImpl {...props} />
    </Suspense>
  );
}
