// Right-hand drawer titled Feature Information (SPEC.md §2). A map click opens it and fills it from
// the WMS layers of the page (GetFeatureInfo, src/ui/featureInfo); closing clears its content.
import { useEffect, useRef } from 'react';
import { th } from '../../locale/th.ts';
import { useStore } from '../../state/store.ts';
import { uiStore } from '../uiStore.ts';
import { FeatureInfoContent } from '../featureInfo/FeatureInfoContent.tsx';
import { closeFeatureInfo } from '../featureInfo/featureInfo.ts';

export function FeatureDrawer() {
  const open = useStore(uiStore, (s) => s.drawerOpen);
  // Escape closes the drawer (a modal dialog over it handles its own Escape first) and focus
  // returns to where it was when the drawer opened: the map, after Enter on it (issue 11 item 4).
  // Closed by its button too, focus does not fall to the page's start.
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || document.querySelector('dialog[open]')) return;
      closeFeatureInfo();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      const focus = document.activeElement;
      if (opener?.isConnected && (!focus || focus === document.body || ref.current?.contains(focus))) opener.focus();
    };
  }, [open]);
  return (
    <aside ref={ref} className={`drawer ${open ? 'drawer-open' : ''}`} aria-label={th.featureInfo} aria-hidden={!open} inert={!open} data-testid="feature-drawer">
      <header className="drawer-header">
        <h2>{th.featureInfo}</h2>
        <button type="button" className="icon-button" aria-label={th.close} title={th.close} onClick={closeFeatureInfo}>
          ×
        </button>
      </header>
      <div className="drawer-body" aria-live="polite">
        <FeatureInfoContent />
      </div>
    </aside>
  );
}
