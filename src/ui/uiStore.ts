// Shell state: sidebar, dialogs and the feature drawer (SPEC.md §3 Client state).
import { createStore } from '../state/store.ts';

export type Dialog = 'menu' | 'layers' | 'basemap' | 'export' | null;

interface UiState {
  /** Desktop: the sidebar is expanded (default open). */
  sidebarOpen: boolean;
  /** Small screens: the slide-in navigation is shown. */
  mobileNavOpen: boolean;
  dialog: Dialog;
  drawerOpen: boolean;
}

export const uiStore = createStore<UiState>({ sidebarOpen: true, mobileNavOpen: false, dialog: null, drawerOpen: false });

/** After a layout change, tell size-dependent widgets (the map) once it has settled. */
export function announceResize(delayMs: number): void {
  window.setTimeout(() => window.dispatchEvent(new Event('resize')), delayMs);
}
