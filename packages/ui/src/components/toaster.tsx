import { lazy, Suspense, useState } from 'react';
import { useToasts } from '../store/platform-store';

// Radix Toast loads with the first toast: the sign-in screen does not pay for it until a login
// fails. Once loaded it stays mounted (F8 then focuses the region at any time).
const loadToaster = () => import('./toaster-impl');
const ToasterImpl = lazy(() => loadToaster().then((m) => ({ default: m.ToasterImpl })));

export function preloadToaster(): void {
  void loadToaster();
}

export function Toaster() {
  const toasts = useToasts();
  const [mounted, setMounted] = useState(false);
  if (toasts.length > 0 && !mounted) setMounted(true);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <ToasterImpl />
    </Suspense>
  );
}
