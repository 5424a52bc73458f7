import { useMemo, useRef, useSyncExternalStore, type ReactNode } from 'react';

/** Spec §4: one toast visible at a time, dismissed after 5 s unless told otherwise. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

export interface ToastOptions {
  title: ReactNode;
  description?: ReactNode;
  variant?: 'default' | 'destructive' | 'success';
  duration?: number;
}

export interface ToastEntry extends ToastOptions {
  id: number;
  open: boolean;
}

let toasts: ToastEntry[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: ToastEntry[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

/** Shows a toast; a newer one replaces the one on screen. */
export function toast(options: ToastOptions): number {
  const id = nextId++;
  publish([{ ...options, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return id;
}

/** Starts the closing animation; the toast is removed once it has finished. */
export function dismissToast(id: number) {
  publish(toasts.map((entry) => (entry.id === id ? { ...entry, open: false } : entry)));
}

/**
 * Toasts that belong to one form: `dismissAll` closes those it raised, e.g. the errors of
 * earlier attempts once one succeeds, so they do not outlive the form's success.
 */
export function useFormToasts() {
  const ids = useRef<number[]>([]);
  return useMemo(
    () => ({
      toast: (options: ToastOptions) => {
        ids.current.push(toast(options));
      },
      dismissAll: () => {
        for (const id of ids.current) dismissToast(id);
        ids.current = [];
      },
    }),
    [],
  );
}

export function removeToast(id: number) {
  publish(toasts.filter((entry) => entry.id !== id));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): ToastEntry[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
}
