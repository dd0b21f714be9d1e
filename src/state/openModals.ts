// The modal dialogs open now, in the order they were opened. Everything outside the topmost
// modal <dialog> is inert and drawn under its backdrop (HTML's top layer), so whatever must stay
// seen and pressable while one is open (the toasts of SPEC.md §8) is rendered inside it, in the
// element each dialog keeps for it.
import { createStore } from './store.ts';

export const openModalsStore = createStore<{ hosts: readonly HTMLElement[] }>({ hosts: [] });

/** Records `host` (an element inside a modal dialog just opened) as the topmost; the returned function forgets it (in any order). */
export function trackOpenModal(host: HTMLElement): () => void {
  openModalsStore.set((s) => ({ hosts: [...s.hosts.filter((h) => h !== host), host] }));
  return () => openModalsStore.set((s) => ({ hosts: s.hosts.filter((h) => h !== host) }));
}

/** The host element inside the topmost open modal dialog, or null. */
export const topModalHost = (s: { hosts: readonly HTMLElement[] }): HTMLElement | null => s.hosts.at(-1) ?? null;
