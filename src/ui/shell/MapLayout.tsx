// The map layout (SPEC.md §2 Map layout): collapsible left sidebar (~26% wide) with the routed
// topic page, main panel with the top menu, the map (~80% of the viewport height) and credits;
// on small screens a header opens the sidebar as a slide-in panel.
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { th } from '../../locale/th.ts';
import { useConfig } from '../../state/config.tsx';
import { useStore } from '../../state/store.ts';
import { announceResize, uiStore } from '../uiStore.ts';
// The map's styles stay in the shell's stylesheet (same cascade order as before the split).
import 'maplibre-gl/dist/maplibre-gl.css';
import '../../map/map.css';
import { TopMenu } from './TopMenu.tsx';
import { Footer } from './Footer.tsx';
import { FeatureDrawer } from './FeatureDrawer.tsx';
import { Dialogs } from './Dialogs.tsx';
import { useMediaQuery } from '../useMediaQuery.ts';
import { mapStore } from '../../map/mapStore.ts';
import { onMapClick } from '../featureInfo/featureInfo.ts';
import { UrlStateSync } from '../urlState/UrlStateSync.tsx';
import { ComparePanel } from '../compare/ComparePanel.tsx';
import { TimelinePanel } from '../compare/TimelinePanel.tsx';
import { loadedMapView, loadMapView } from './mapViewChunk.ts';

// MapLibre (~300 KB gzip) is not part of the shell's JS: the map view is its own chunk, which
// dist/index.html preloads (vite.config.ts preloadLazyModules) so it downloads alongside the shell;
// main.tsx waits for it on a map page (./mapViewChunk.ts), else it is loaded here.
const LazyMapView = lazy(() => loadMapView().then((m) => ({ default: m.MapView })));

export function MapLayout() {
  const { app, legends, glossary } = useConfig();
  const sidebarOpen = useStore(uiStore, (s) => s.sidebarOpen);
  const mobileNavOpen = useStore(uiStore, (s) => s.mobileNavOpen);
  const { pathname } = useLocation();
  const smallScreen = useMediaQuery('(max-width: 768px)');
  // Chosen once per mount: switching from the lazy to the loaded component would remount the map.
  const [MapView] = useState(() => loadedMapView()?.MapView ?? LazyMapView);

  useEffect(() => announceResize(app.delays.resizeEventMs), [sidebarOpen, app.delays.resizeEventMs]);
  // A route change on a phone closes the slide-in navigation.
  useEffect(() => uiStore.set({ mobileNavOpen: false }), [pathname]);

  return (
    <div className={`app-shell ${sidebarOpen ? 'sidebar-open' : 'sidebar-collapsed'} ${mobileNavOpen ? 'mobile-nav-open' : ''}`}>
      <a className="skip-link" href="#main-content">
        {th.skipToMap}
      </a>
      <header className="mobile-header">
        <button type="button" className="icon-button" aria-label={th.openNavigation} title={th.openNavigation} aria-expanded={mobileNavOpen} onClick={() => uiStore.set({ mobileNavOpen: true })}>
          <svg aria-hidden width="22" height="22" viewBox="0 0 24 24"><path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" /></svg>
        </button>
        {/* While the slide-in navigation is closed it is inert, its topic heading with it: the
            brand is then the page's level-one heading (axe-core page-has-heading-one, issue 11). */}
        {smallScreen && !mobileNavOpen ? (
          <h1 className="brand" style={{ margin: 0, fontSize: 'inherit' }}>
            TCS GISTDA
          </h1>
        ) : (
          <span className="brand">TCS GISTDA</span>
        )}
      </header>
      <div className="backdrop" aria-hidden onClick={() => uiStore.set({ mobileNavOpen: false })} />
      {/* Off-screen (closed slide-in) or collapsed, the sidebar must not take keyboard focus. */}
      <aside className="sidebar" aria-label={th.adminCard} id="sidebar" inert={smallScreen ? !mobileNavOpen : !sidebarOpen}>
        <div className="sidebar-top">
          <span className="brand">TCS GISTDA</span>
          <button type="button" className="icon-button desktop-only" aria-label={th.collapseSidebar} title={th.collapseSidebar} aria-controls="sidebar" aria-expanded onClick={() => uiStore.set({ sidebarOpen: false })}>
            ‹
          </button>
          <button type="button" className="icon-button mobile-only" aria-label={th.closeNavigation} title={th.closeNavigation} onClick={() => uiStore.set({ mobileNavOpen: false })}>
            ×
          </button>
        </div>
        <div className="sidebar-content">
          <Outlet />
        </div>
      </aside>
      {!sidebarOpen && (
        // The name begins with the visible text ('TCS หน้าจัดการ'), the action follows for screen
        // readers only (axe-core label-content-name-mismatch, issue 11 item 4).
        <button type="button" className="logo-card desktop-only" aria-controls="sidebar" aria-expanded={false} onClick={() => uiStore.set({ sidebarOpen: true })}>
          <span className="logo-mark">TCS</span>{' '}
          <span>{th.adminCard}</span>
          <span className="sr-only"> ({th.expandSidebar})</span>
        </button>
      )}
      <main className="main-panel" id="main-content" tabIndex={-1}>
        {/* The collapsed sidebar is inert too: the page keeps a level-one heading. */}
        {!smallScreen && !sidebarOpen && <h1 className="sr-only">TCS GISTDA</h1>}
        <TopMenu />
        <ComparePanel />
        <TimelinePanel />
        <div className="map-panel">
          {/* SPEC.md §4 Map click: the feature drawer, click box and GetFeatureInfo of this page's WMS layers. */}
          <Suspense fallback={<div className="map-view" />}>
            <MapView onMapClick={(lngLat) => onMapClick(mapStore.get().map, lngLat, { app, legends, glossary, page: pathname.split('/').filter(Boolean)[0] ?? '' })} />
          </Suspense>
        </div>
        <Footer />
      </main>
      <FeatureDrawer />
      <Dialogs />
      <UrlStateSync />
    </div>
  );
}
