// Right-hand drawer titled Feature Information (SPEC.md §2). A map click opens it and fills it from
// the WMS layers of the page (GetFeatureInfo, src/ui/featureInfo); closing clears its content.
import { th } from '../../locale/th.ts';
import { useStore } from '../../state/store.ts';
import { uiStore } from '../uiStore.ts';
import { FeatureInfoContent } from '../featureInfo/FeatureInfoContent.tsx';
import { closeFeatureInfo } from '../featureInfo/featureInfo.ts';

export function FeatureDrawer() {
  const open = useStore(uiStore, (s) => s.drawerOpen);
  return (
    <aside className={`drawer ${open ? 'drawer-open' : ''}`} aria-label={th.featureInfo} aria-hidden={!open} inert={!open} data-testid="feature-drawer">
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
