import { lazy, Suspense, useState, type ReactNode } from 'react';

export interface AlertDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  cancelLabel?: string;
  actionLabel: string;
  onAction: () => void;
  // Styles the confirming button as destructive (delete, reject).
  destructive?: boolean;
  actionDisabled?: boolean;
}

// Like Dialog: Radix AlertDialog loads on first opening.
const loadAlertDialog = () => import('./alert-dialog-impl');
const AlertDialogImpl = lazy(() => loadAlertDialog().then((m) => ({ default: m.AlertDialogImpl })));

export function preloadAlertDialog(): void {
  void loadAlertDialog();
}

export function AlertDialog(props: AlertDialogProps) {
  const [mounted, setMounted] = useState(props.open);
  if (props.open && !mounted) setMounted(true);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <AlertDialogImpl {...props} />
    </Suspense>
  );
}
