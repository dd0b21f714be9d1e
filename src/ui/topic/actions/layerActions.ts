// The one layer action every section uses (SPEC.md §3 Map layer, §4, §8): instantiate a layer
// template with the page's picker values (+ {year}) and put it in the layer store.
// - WMS (and other drawn-by-URL types): added at once; with `fit`, the map fits the layer's
//   bounds from the router (getbound, else pv-center).
// - WFS: features fetched (one request per island / per item of a multi-valued viewparam,
//   merged) while the toast 'กำลังโหลดข้อมูล...' shows; drawn as GeoJSON in the layer colour
//   (deck.gl); the result is stored for the charts and downloads (rowResults); 0 features: the
//   toast 'ไม่พบข้อมูลที่ต้องการ' and no re-fit; else with `fit` the map fits the features.
// - A failure rejects (the toggle row reverts, logs and clears the chart).
// Layers added by a page are removed when the page is left (its rows start inactive again).
import type { AppConfig, LayerTemplate, ResolvedVariant } from '../../../engine/types.ts';
import { instantiateLayer, type LayerInstance } from '../../../engine/layerInstance.ts';
import type { PickerValues } from '../../../engine/options.ts';
import { featureCountOf } from '../../../engine/featureCollection.ts';
import { removeLayer, upsertLayer, layerStore, type MapLayer } from '../../../map/layerStore.ts';
import { mapStore } from '../../../map/mapStore.ts';
import { routerCall } from '../../../api/router.ts';
import { th } from '../../../locale/th.ts';
import { apiClient } from '../../../state/api.ts';
import { toast } from '../../../state/toast.ts';
import { setRowResult, type RowResult } from '../rowResults.ts';
import { bboxOf, scheduleFit, type BBox, type FitTarget } from './fit.ts';
import { wmsLayerBounds, type RouterFetch } from './bounds.ts';
import { asCollection, featureRequest, islandOf, mergeCollections, requestUrl, splitValues, viewparamEntries, viewparamsText, type FeatureCollectionAnswer } from './features.ts';

export interface ActionContext {
  app: AppConfig;
  variant: ResolvedVariant;
  values: PickerValues;
  /** The topic route (the layer's `page`, its legend heading key). */
  route: string;
  /** route/variant path: which page owns the layers it adds. */
  pageKey: string;
}

/** What the actions talk to; replaced in unit tests. */
export interface ActionDeps {
  fetchJson(url: string, init: { method: 'GET' | 'POST'; form?: Record<string, string>; signal?: AbortSignal }): Promise<unknown>;
  router: RouterFetch;
  upsert(layer: Omit<MapLayer, 'zIndex' | 'visible'>): void;
  remove(id: string): void;
  setResult(rowId: string, result: RowResult | null): void;
  toast: { loading(text: string): number; error(text: string): number; dismiss(id: number): void };
  fitTarget(): FitTarget | null | undefined;
  warn(message: string, error?: unknown): void;
}

export function defaultDeps(app: AppConfig): ActionDeps {
  const api = apiClient(app);
  return {
    fetchJson: (url, init) => api.json(url, { method: init.method, ...(init.form ? { form: init.form } : {}), ...(init.signal ? { signal: init.signal } : {}) }),
    router: (query) => routerCall<unknown>(api, app, query),
    upsert: upsertLayer,
    remove: removeLayer,
    setResult: setRowResult,
    toast,
    fitTarget: () => mapStore.get().map,
    warn: (message, error) => console.warn(message, error ?? ''),
  };
}

export interface ShowOptions {
  /** The toggle row whose result this is (charts, downloads). */
  rowId?: string;
  /** Extra template variables, e.g. { year: '2567' }. */
  extraVars?: Readonly<Record<string, string>>;
  /** Fired when the row is hidden or removed while loading: nothing is added afterwards. */
  signal?: AbortSignal;
  /** Called with the layer id once the layer is in the store. */
  onAdded?: (layerId: string) => void;
  deps?: ActionDeps;
}

export interface ShowResult {
  layerId: string;
  /** Features of a WFS result; null for layers with nothing to count (WMS). */
  featureCount: number | null;
}

const owned = new Map<string, Set<string>>();

function own(pageKey: string, id: string): void {
  let ids = owned.get(pageKey);
  if (!ids) owned.set(pageKey, (ids = new Set()));
  ids.add(id);
}

/** Removes every layer the page added (when the page is left). */
export function releasePageLayers(pageKey: string, remove: (id: string) => void = removeLayer): void {
  const ids = owned.get(pageKey);
  owned.delete(pageKey);
  const present = new Set(layerStore.get().layers.map((l) => l.id));
  for (const id of ids ?? []) if (present.has(id)) remove(id);
}

/** The store fields of an instance (its `fit` flag stays with the action). */
function storeLayer(inst: LayerInstance, route: string): Omit<MapLayer, 'zIndex' | 'visible'> {
  return {
    id: inst.id,
    name: inst.name,
    type: inst.type,
    ...(inst.url ? { url: inst.url } : {}),
    options: inst.options,
    page: route,
    ...(inst.legend ? { legend: inst.legend } : {}),
    ...(inst.color ? { color: inst.color } : {}),
    ...(inst.opacity !== undefined ? { opacity: inst.opacity } : {}),
  };
}

function fitTo(bounds: BBox, app: AppConfig, deps: ActionDeps): void {
  scheduleFit(bounds, {
    delayMs: app.delays.boundsMs,
    maxZoom: app.map.fitMaxZoom,
    padding: app.map.resultPadding,
    target: deps.fitTarget,
    warn: (m) => deps.warn(m),
  });
}

function aborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}

class AbortedError extends Error {
  constructor() {
    super('cancelled');
    this.name = 'AbortError';
  }
}

/** Adds the layer of `template` for the current picker values; see the module comment. */
export async function showLayer(template: LayerTemplate, ctx: ActionContext, options: ShowOptions = {}): Promise<ShowResult> {
  const deps = options.deps ?? defaultDeps(ctx.app);
  const inst = instantiateLayer(template, ctx.app, ctx.values, options.extraVars);
  const isFeatures = template.type === 'wfs' || (template.type === 'geojson' && !!template.service);

  if (!isFeatures) {
    let geoJson: GeoJSON.FeatureCollection | undefined;
    if (template.type === 'geojson' && template.asset) {
      geoJson = asCollection(await deps.fetchJson(`${ctx.app.backend.assets ?? `${ctx.app.basePath}/assets/data`}/${template.asset}`, { method: 'GET' }), template.asset);
    }
    if (aborted(options.signal)) throw new AbortedError();
    deps.upsert({ ...storeLayer(inst, ctx.route), ...(geoJson ? { geoJson } : {}) });
    own(ctx.pageKey, inst.id);
    options.onAdded?.(inst.id);
    if (inst.fit) {
      const signal = options.signal;
      const fromData = geoJson ? bboxOf(geoJson) : null;
      if (fromData) fitTo(fromData, ctx.app, deps);
      else if (inst.options.layers || inst.options.typeName) {
        void wmsLayerBounds(inst, template, ctx.values, deps.router, deps.warn).then((box) => {
          if (box && !aborted(signal)) fitTo(box, ctx.app, deps);
        });
      }
    }
    return { layerId: inst.id, featureCount: null };
  }

  const typeName = inst.options.typeName ?? inst.options.layers ?? '';
  const parts = splitValues(template, ctx.values);
  const toastId = deps.toast.loading(th.toast.loadingData);
  try {
    const answers = await Promise.all(
      parts.map(async (part): Promise<FeatureCollectionAnswer> => {
        const req = featureRequest(ctx.app, template, typeName, part);
        const url = requestUrl(req);
        const answer = await deps.fetchJson(url, { method: req.method, ...(req.method === 'POST' ? { form: req.params } : {}), ...(options.signal ? { signal: options.signal } : {}) });
        return asCollection(answer, url);
      }),
    );
    if (aborted(options.signal)) throw new AbortedError();
    const merged = mergeCollections(answers);
    const count = featureCountOf(merged);
    deps.upsert({ ...storeLayer(inst, ctx.route), geoJson: merged });
    own(ctx.pageKey, inst.id);
    options.onAdded?.(inst.id);
    if (options.rowId) {
      const hasIsland = (template.viewparams ?? []).some((p) => p.key === 'island');
      const firstViewparams = viewparamsText(viewparamEntries(template.viewparams ?? [], parts[0] ?? ctx.values));
      deps.setResult(
        options.rowId,
        count > 0
          ? {
              features: merged,
              ...(hasIsland ? { perIsland: parts.map((part, i) => ({ island: islandOf(template, part) ?? '', features: answers[i]! })) } : {}),
              layerId: inst.id,
              typeName,
              ...(firstViewparams ? { viewparams: firstViewparams } : {}),
            }
          : null,
      );
    }
    if (count === 0) deps.toast.error(th.toast.notFound);
    else if (inst.fit) {
      const box = bboxOf(merged);
      if (box) fitTo(box, ctx.app, deps);
    }
    return { layerId: inst.id, featureCount: count };
  } finally {
    deps.toast.dismiss(toastId);
  }
}

/** Removes a layer the user hid, with its row's result (chart, table, download flag). */
export function hideLayer(layerId: string | null, rowId: string | undefined, deps: Pick<ActionDeps, 'remove' | 'setResult'> = { remove: removeLayer, setResult: setRowResult }): void {
  if (layerId) deps.remove(layerId);
  if (rowId) deps.setResult(rowId, null);
}

/** The template of a section's `layer` reference. */
export function findTemplate(variant: ResolvedVariant, id: string): LayerTemplate | undefined {
  return variant.layers.find((l) => l.id === id);
}
