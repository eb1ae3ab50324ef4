import type { CurrentUser } from '@district/contracts';
import { TOAST_LIMIT } from '@district/contracts';
import type { ReactNode } from 'react';
import { create } from 'zustand';
import { messages } from '../i18n/i18n';

export type ToastVariant = 'default' | 'destructive';

export interface ToastActionOptions {
  label: string;
  // What a screen reader user is told to do instead (Radix requires it); defaults to the label.
  altText?: string;
  onClick: () => void;
}

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  action?: ToastActionOptions;
  // Milliseconds; the Toaster's 5000 (SPEC §9) when absent.
  duration?: number;
}

export interface ToastItem extends ToastOptions {
  id: string;
  open: boolean;
}

export interface PlatformState {
  // undefined while the session is being checked, null when nobody is signed in.
  user: CurrentUser | null | undefined;
  toasts: ToastItem[];
  setUser: (user: CurrentUser | null | undefined) => void;
  addToast: (toast: ToastItem) => void;
  updateToast: (id: string, patch: Partial<ToastOptions>) => void;
  dismissToast: (id?: string) => void;
  removeToast: (id: string) => void;
}

// Closed toasts stay in the list briefly so Radix can play the exit animation.
const TOAST_REMOVE_DELAY_MS = 1000;

// The one platform store. @district/ui is a module-federation singleton, so the shell and every
// remote read and write this same instance (one user, one toast queue).
export const usePlatformStore = create<PlatformState>()((set, get) => ({
  user: undefined,
  toasts: [],
  setUser: (user) => set({ user }),
  // SPEC §9: one toast at a time; a new one replaces whatever is showing.
  addToast: (toast) => set({ toasts: [toast, ...get().toasts].slice(0, TOAST_LIMIT) }),
  updateToast: (id, patch) =>
    set({ toasts: get().toasts.map((t) => (t.id === id ? { ...t, ...patch } : t)) }),
  dismissToast: (id) => {
    const ids = get()
      .toasts.filter((t) => id === undefined || t.id === id)
      .map((t) => t.id);
    set({ toasts: get().toasts.map((t) => (ids.includes(t.id) ? { ...t, open: false } : t)) });
    for (const toastId of ids) {
      setTimeout(() => get().removeToast(toastId), TOAST_REMOVE_DELAY_MS);
    }
  },
  removeToast: (id) => set({ toasts: get().toasts.filter((t) => t.id !== id) }),
}));

let toastCount = 0;

export interface ToastHandle {
  id: string;
  dismiss: () => void;
  update: (patch: Partial<ToastOptions>) => void;
}

// Show a toast from anywhere (components, mutation callbacks, remotes).
export function toast(options: ToastOptions): ToastHandle {
  toastCount = (toastCount + 1) % Number.MAX_SAFE_INTEGER;
  const id = `toast-${toastCount}`;
  const store = usePlatformStore.getState();
  store.addToast({ variant: 'default', ...options, id, open: true });
  return {
    id,
    dismiss: () => usePlatformStore.getState().dismissToast(id),
    update: (patch) => usePlatformStore.getState().updateToast(id, patch),
  };
}

// The spec's generic failure toast (SPEC §8): destructive, titled "Error", with the message.
export function toastError(error: unknown, title = messages().toasts.errorTitle): ToastHandle {
  const description = error instanceof Error ? error.message : String(error);
  return toast({ title, description, variant: 'destructive' });
}

export const useCurrentUser = () => usePlatformStore((s) => s.user);
export const useToasts = () => usePlatformStore((s) => s.toasts);
