// The map view's chunk (MapLibre with it), asked for once. On a map page main.tsx asks as the page
// starts and renders once it is there, so the first render mounts the map at once instead of
// suspending on it, and MapLibre starts before the shell's first paint (issue 29 aim 4).
import type { ConfigBundle } from '../../engine/types.ts';

type MapViewModule = typeof import('../../map/MapView.tsx');

let request: Promise<MapViewModule> | undefined;
let loaded: MapViewModule | undefined;

export function loadMapView(): Promise<MapViewModule> {
  request ??= import('../../map/MapView.tsx').then(
    (module) => (loaded = module),
    (error: unknown) => {
      request = undefined; // the map layout asks again and its error boundary shows the failure
      throw error;
    },
  );
  return request;
}

/** The module when it has been evaluated already, else undefined. */
export function loadedMapView(): MapViewModule | undefined {
  return loaded;
}

/** Whether `pathname` opens on a map-layout topic (the default route for the base path itself). */
export function opensOnMap(config: ConfigBundle, pathname: string): boolean {
  const base = config.app.basePath.replace(/\/+$/, '');
  if (pathname !== base && !pathname.startsWith(`${base}/`)) return false;
  const route = pathname.slice(base.length).split('/').filter(Boolean)[0] ?? config.app.defaultRoute ?? config.topics[0]?.route;
  return config.topics.some((t) => t.route === route && t.layout === 'map');
}
