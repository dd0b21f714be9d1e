// Right-hand drawer titled Feature Information (SPEC.md §2). A map click opens it; what it shows
// comes from the WMS layers of the page (GetFeatureInfo), so with none it says 'ไม่พบข้อมูล'.
import { th } from '../../locale/th.ts';
import { useStore } from '../store.ts';
import { uiStore } from '../uiStore.ts';

export function FeatureDrawer() {
  const open = useStore(uiStore, (s) => s.drawerOpen);
  return (
    <aside className={`drawer ${open ? 'drawer-open' : ''}`} aria-label={th.featureInfo} aria-hidden={!open} inert={!open}>
      <header className="drawer-header">
        <h2>{th.featureInfo}</h2>
        <button type="button" className="icon-button" aria-label={th.close} title={th.close} onClick={() => uiStore.set({ drawerOpen: false })}>
          ×
        </button>
      </header>
      <div className="drawer-body">
        <p className="empty">{th.noData}</p>
      </div>
    </aside>
  );
}
