// Toasts with the texts of SPEC.md §8: loading toasts stay until dismissed, success toasts close
// by themselves (3 s by config), errors stay until closed.
import { createStore } from './store.ts';

export type ToastKind = 'info' | 'loading' | 'success' | 'error';
interface Toast { id: number; kind: ToastKind; text: string }

export const toastStore = createStore<{ toasts: Toast[] }>({ toasts: [] });

let nextId = 1;
let autoCloseMs = 3000;

/** The app sets the auto-close delay from config (delays.toastCloseMs). */
export function setToastCloseMs(ms: number): void {
  autoCloseMs = ms;
}

function push(kind: ToastKind, text: string, closeAfterMs?: number): number {
  const id = nextId++;
  toastStore.set((s) => ({ toasts: [...s.toasts, { id, kind, text }] }));
  if (closeAfterMs !== undefined) setTimeout(() => toast.dismiss(id), closeAfterMs);
  return id;
}

export const toast = {
  info: (text: string) => push('info', text, autoCloseMs * 2),
  loading: (text: string) => push('loading', text),
  success: (text: string) => push('success', text, autoCloseMs),
  error: (text: string) => push('error', text),
  /** Replaces a toast (e.g. the download progress toast becomes its result). */
  update(id: number, kind: ToastKind, text: string): void {
    toastStore.set((s) => ({ toasts: s.toasts.map((t) => (t.id === id ? { ...t, kind, text } : t)) }));
    if (kind === 'success') setTimeout(() => toast.dismiss(id), autoCloseMs);
  },
  dismiss(id: number): void {
    toastStore.set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }));
  },
};
