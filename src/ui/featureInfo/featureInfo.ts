// The map-click flow of SPEC.md §4: open the drawer, draw the red click box and marker for 5 s,
// and 100 ms later send one GetFeatureInfo request per distinct WMS URL of the page through the
// router's wms proxy; 'กำลังโหลด' until the answers are in, then the features or 'ไม่พบข้อมูล'
// (also on failure, SPEC.md §8). Closing clears the info URLs and the content.
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { AppConfig, Legend } from '../../engine/types.ts';
import { interpolate } from '../../engine/template.ts';
import { layerStore, type MapLayer } from '../../map/layerStore.ts';
import { apiClient } from '../../state/api.ts';
import { uiStore } from '../uiStore.ts';
import { clearClickMarker, showClickMarker } from './clickMarker.ts';
import { featureInfoStore, initialFeatureInfo, type InfoFeature } from './featureInfoStore.ts';
import { clickClaimed, isInfoClickSuppressed } from '../../state/mapClick.ts';
import { drawnFeaturesAt } from '../../map/layers/drawnFeatures.ts';
import { featureColor, formatProperties } from './formatProperties.ts';
import { fieldReader, type DrawerGlossary } from './fieldLabels.ts';
import { withTrends } from './trendRequest.ts';
import { featureInfoRequests, infoLayersOf, layerOfFeature, type InfoRequest, type InfoViewport } from './infoRequests.ts';

/** What a feature's table is drawn with: the legends (its colour, labels of coded values) and the
 *  glossary (Thai labels with units of the fields its layer's `fields` does not label, code sets). */
interface InfoLook {
  legends: readonly Legend[];
  glossary: DrawerGlossary;
}

interface FeatureInfoContext extends InfoLook {
  app: AppConfig;
  /** The current page (topic route). */
  page: string;
}

let pending: { timer: ReturnType<typeof setTimeout> | null; abort: AbortController } | null = null;

function cancelPending(): void {
  if (!pending) return;
  if (pending.timer) clearTimeout(pending.timer);
  pending.abort.abort();
  pending = null;
}

/** Satellite imagery is raster: it has nothing to answer. */
function satelliteFilter(app: AppConfig): (layer: MapLayer) => boolean {
  const prefix = (app.satellite.layerPattern ?? 'gistda_satellite_{year}').split('{')[0] || 'gistda_satellite_';
  return (l) => l.id.startsWith(prefix) || (l.options?.layers ?? '').includes(prefix);
}

/** The map's current view as the BBOX/WIDTH/HEIGHT of a request. */
function viewportOf(map: MapLibreMap): InfoViewport {
  const b = map.getBounds();
  const el = map.getContainer();
  return { bbox: [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], width: el.clientWidth, height: el.clientHeight };
}

/** One feature's drawer table: its layer's name and colour, its properties as rows. */
function infoFeature(layer: Pick<MapLayer, 'id' | 'name' | 'color' | 'legend'> | undefined, id: unknown, properties: Record<string, unknown> | null | undefined, look: InfoLook, key: string): InfoFeature {
  const legend = layer?.legend ? look.legends.find((l) => l.id === layer.legend) : undefined;
  const color = featureColor(layer?.color, legend, properties);
  const rows = formatProperties(properties, fieldReader(layer, look.glossary, look.legends));
  return { key, layerName: layer?.name ?? (typeof id === 'string' ? id : ''), ...(color ? { color } : {}), rows };
}

async function ask(app: AppConfig, request: InfoRequest, look: InfoLook, signal: AbortSignal): Promise<InfoFeature[]> {
  const answer = await apiClient(app).json<{ features?: unknown }>(request.proxied, { signal });
  const features = Array.isArray(answer?.features) ? (answer.features as Array<{ id?: unknown; properties?: Record<string, unknown> | null }>) : [];
  return features.map((f, i) =>
    infoFeature(layerOfFeature(request.layers, f.id), f.id, f.properties, look, `${request.url}#${typeof f.id === 'string' || typeof f.id === 'number' ? f.id : i}`),
  );
}

/** Fetches the info of `requests`, all at once; failed requests count as empty. */
async function fetchFeatureInfo(app: AppConfig, requests: readonly InfoRequest[], look: InfoLook, signal: AbortSignal): Promise<InfoFeature[]> {
  const settled = await Promise.allSettled(requests.map((r) => ask(app, r, look, signal)));
  return settled.flatMap((s) => {
    if (s.status === 'fulfilled') return s.value;
    if (!signal.aborted) console.warn('feature info request failed:', (s.reason as Error)?.message ?? s.reason);
    return [];
  });
}

/** A map click (SPEC.md §4). Ignored while a tool that uses clicks (measure) is active. */
export function onMapClick(map: MapLibreMap | null, lngLat: { lng: number; lat: number }, ctx: FeatureInfoContext): void {
  if (isInfoClickSuppressed() || clickClaimed(lngLat)) return;
  cancelPending();
  uiStore.set({ drawerOpen: true });
  if (map) showClickMarker(map, lngLat, ctx.app.delays.infoMarkerMs);
  featureInfoStore.set({ status: 'loading', page: ctx.page, infoUrls: [], features: [], click: lngLat });
  const abort = new AbortController();
  const current = { timer: null as ReturnType<typeof setTimeout> | null, abort };
  pending = current;
  current.timer = setTimeout(() => {
    current.timer = null;
    const all = layerStore.get().layers;
    const layers = infoLayersOf(all, { page: ctx.page, exclude: satelliteFilter(ctx.app) });
    const requests = map ? featureInfoRequests(layers, viewportOf(map), lngLat, interpolate(ctx.app.backend.router, { product: ctx.app.product })) : [];
    const drawn = map ? withTrends(drawnFeaturesAt(map, all, lngLat, ctx.page)).map(({ hit, trend }, i) => ({ ...infoFeature(hit.layer, hit.id, hit.properties, ctx, `drawn:${hit.layer.id}#${i}`), ...(trend ? { trend } : {}) })) : [];
    featureInfoStore.set({ infoUrls: requests.map((r) => r.url) });
    if (requests.length === 0) {
      featureInfoStore.set(drawn.length ? { status: 'content', features: drawn } : { status: 'empty' });
      return;
    }
    void fetchFeatureInfo(ctx.app, requests, ctx, abort.signal).then((features) => {
      if (pending !== current || abort.signal.aborted) return;
      pending = null;
      const shown = [...drawn, ...features];
      featureInfoStore.set({ status: shown.length ? 'content' : 'empty', features: shown });
    });
  }, ctx.app.delays.infoFetchMs);
}

/** Closing the drawer clears the info URLs and content (SPEC.md §4). */
export function closeFeatureInfo(): void {
  cancelPending();
  clearClickMarker();
  featureInfoStore.set({ ...initialFeatureInfo });
  uiStore.set({ drawerOpen: false });
}
