// The one layer action every section uses (SPEC.md §3 Map layer, §4, §8): instantiate a layer
// template with the page's picker values (+ {year}) through its type's module and put it in the
// layer store.
// - Types that load data (WFS, GeoJSON, stations): fetched while the toast 'กำลังโหลดข้อมูล...'
//   shows, the result stored for the charts and downloads (rowResults); 0 features: the toast
//   'ไม่พบข้อมูลที่ต้องการ' and no re-fit; else with `fit` the map fits the features.
// - Types drawn from config (shapes): drawn at once; with `fit`, fitted to their shape.
// - Tiled types (WMS): added at once; with `fit`, the map fits the layer's bounds from the router
//   (getbound, else pv-center).
// - A group adds its children (templates naming it in `group`) inside it.
// - A failure rejects (the toggle row reverts, logs, clears the chart and says why in Thai).
// Layers added by a page are removed when the page is left (its rows start inactive again).
import type { AppConfig, ResolvedVariant } from '../../../engine/types.ts';
import { featureCountOf } from '../../../engine/featureCollection.ts';
import type { PickerValues } from '../../../engine/options.ts';
import { definitionOf } from '../../../layers/definitions.ts';
import { drawerOf } from '../../../layers/drawers.ts';
import type { InstantiateContext, LayerInstance, LoadedData, TemplateBase } from '../../../layers/types.ts';
import { removeLayer, upsertLayer, layerStore, type MapLayer } from '../../../map/layerStore.ts';
import { mapStore } from '../../../map/mapStore.ts';
import { routerCall } from '../../../api/pageApi.ts';
import { th } from '../../../locale/th.ts';
import { apiClient } from '../../../state/api.ts';
import { toast } from '../../../state/toast.ts';
import { setRowResult, type RowResult } from '../rowResults.ts';
import { failureText } from '../../sections/common/failureText.ts';
import { rememberDrawerFields } from '../../featureInfo/fieldLabels.ts';
import { bboxOf, iconPadding, scheduleFit, type BBox, type FitTarget } from './fit.ts';
import { wmsLayerBounds, type RouterFetch } from './bounds.ts';

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
  /** Calls back once the map exists (optional: without it a fit before the map is dropped). */
  whenMap?(ready: () => void): void;
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
    whenMap: (ready) => {
      const stop = mapStore.subscribe(() => {
        if (!mapStore.get().map) return;
        stop();
        ready();
      });
    },
    warn: (message, error) => console.warn(message, error ?? ''),
  };
}

interface ShowOptions {
  /** The toggle row whose result this is (charts, downloads). */
  rowId?: string;
  /** Extra template variables, e.g. { year: '2567' }. */
  extraVars?: Readonly<Record<string, string>>;
  /** Fired when the row is hidden or removed while loading: nothing is added afterwards. */
  signal?: AbortSignal;
  /** Called with the layer id once the layer is in the store. */
  onAdded?: (layerId: string) => void;
  /** false: never move the map, whatever the template's `fit` (a layer restored from a link). */
  fit?: boolean;
  deps?: ActionDeps;
}

export interface ShowResult {
  layerId: string;
  /** Features of a loaded result; null for layers with nothing to count (WMS, shapes). */
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
function storeLayer(inst: LayerInstance, route: string, extra: Partial<MapLayer> = {}): Omit<MapLayer, 'zIndex' | 'visible'> {
  const { fit: _fit, ...rest } = inst;
  return { ...rest, page: route, ...extra };
}

/** Fits the map to `bounds` by the app's fit rule (bounds null, then the result; max zoom 12),
 *  with room for the `icon` the layer stands on its points (station pins). */
export function fitTo(bounds: BBox, app: AppConfig, deps: ActionDeps, icon?: { width: number; height: number }): void {
  scheduleFit(bounds, {
    delayMs: app.delays.boundsMs,
    maxZoom: app.map.fitMaxZoom,
    padding: iconPadding(app.map.resultPadding, icon),
    target: deps.fitTarget,
    ...(deps.whenMap ? { whenTarget: deps.whenMap } : {}),
    warn: (m) => deps.warn(m),
  });
}

class AbortedError extends Error {
  constructor() {
    super('cancelled');
    this.name = 'AbortError';
  }
}

function rowResult(inst: LayerInstance, loaded: LoadedData): RowResult {
  return {
    features: loaded.geoJson,
    parts: loaded.parts,
    layerId: inst.id,
    typeName: loaded.request?.typeName ?? '',
    ...(loaded.request?.viewparams ? { viewparams: loaded.request.viewparams } : {}),
    ...(loaded.request?.viewparamEntries ? { viewparamEntries: loaded.request.viewparamEntries } : {}),
    ...(loaded.request?.params ? { params: loaded.request.params } : {}),
  };
}

/** The icon a layer's drawer stands on its points (its drawer's `icon`), if any. */
function iconOf(inst: LayerInstance): { width: number; height: number } | undefined {
  return drawerOf(inst.type)?.icon?.(inst);
}

/** Adds the layer of `template` for the current picker values; see the module comment. */
export async function showLayer(template: TemplateBase, ctx: ActionContext, options: ShowOptions = {}): Promise<ShowResult> {
  const deps = options.deps ?? defaultDeps(ctx.app);
  const def = definitionOf(template.type);
  const ictx: InstantiateContext = { app: ctx.app, values: ctx.values, vars: options.extraVars ?? {} };
  const instance = def.instantiate(template, ictx);
  const inst = options.fit === false ? { ...instance, fit: false } : instance;
  const aborted = () => options.signal?.aborted === true;
  const added = (extra: Partial<MapLayer> = {}) => {
    deps.upsert(storeLayer(inst, ctx.route, extra));
    rememberDrawerFields(inst.id, template);
    own(ctx.pageKey, inst.id);
    options.onAdded?.(inst.id);
  };

  if (def.load) {
    const toastId = deps.toast.loading(th.toast.loadingData);
    try {
      const loaded = await def.load(template, inst, { ...ictx, deps: { fetchJson: deps.fetchJson, ...(options.signal ? { signal: options.signal } : {}) } });
      if (aborted()) throw new AbortedError();
      const count = featureCountOf(loaded.geoJson);
      added({ geoJson: loaded.geoJson });
      if (options.rowId) deps.setResult(options.rowId, count > 0 ? rowResult(inst, loaded) : null);
      if (count === 0) deps.toast.error(`${th.toast.notFound} ${th.toast.chooseOther}`);
      else if (inst.fit) {
        const box = bboxOf(loaded.geoJson);
        if (box) fitTo(box, ctx.app, deps, iconOf(inst));
      }
      return { layerId: inst.id, featureCount: count };
    } finally {
      deps.toast.dismiss(toastId);
    }
  }

  if (aborted()) throw new AbortedError();
  const geoJson = def.features?.(template, inst);
  added(geoJson ? { geoJson } : {});
  if (def.drawsChildren) await showGroupChildren(template, inst, ctx, { ...options, deps });
  if (inst.fit) {
    const fromShape = geoJson ? bboxOf(geoJson) : null;
    if (fromShape) fitTo(fromShape, ctx.app, deps);
    else if (inst.options.layers) {
      void wmsLayerBounds(inst, template, ctx.values, deps.router, deps.warn).then((box) => {
        if (box && !aborted()) fitTo(box, ctx.app, deps);
      });
    }
  }
  return { layerId: inst.id, featureCount: null };
}

/** The children of a group render inside it (SPEC.md §3 groupId); only the group is listed. */
async function showGroupChildren(group: TemplateBase, inst: LayerInstance, ctx: ActionContext, options: ShowOptions & { deps: ActionDeps }): Promise<void> {
  const deps = options.deps;
  const inGroup: ActionDeps = { ...deps, upsert: (layer) => deps.upsert({ ...layer, groupId: inst.id }) };
  for (const child of ctx.variant.layers.filter((l) => l.group === group.id)) {
    await showLayer(child, ctx, { ...options, deps: inGroup, onAdded: () => undefined });
  }
}

/** Removes a layer the user hid, with its row's result (chart, table, download flag). */
export function hideLayer(layerId: string | null, rowId: string | undefined, deps: Pick<ActionDeps, 'remove' | 'setResult'> = { remove: removeLayer, setResult: setRowResult }): void {
  if (layerId) deps.remove(layerId);
  if (rowId) deps.setResult(rowId, null);
}

/** The template of a section's `layer` reference. */
export function findTemplate(variant: ResolvedVariant, id: string): TemplateBase | undefined {
  return variant.layers.find((l) => l.id === id);
}

/** Shows every layer of the variant marked `auto` (SPEC.md §2 /cctv, /radar): on entry; leaving
 *  the page removes them with the page's other layers. A failure is logged and, as such a layer
 *  has no row, said in a Thai error toast naming it (issue 23 item 3). */
export function showAutoLayers(ctx: ActionContext, deps?: ActionDeps): void {
  const say = deps?.toast ?? toast;
  for (const template of ctx.variant.layers.filter((l) => l.auto && !l.group)) {
    showLayer(template, ctx, deps ? { deps } : {}).catch((error: unknown) => {
      console.warn(`auto layer "${template.id}" failed`, error);
      say.error(`${template.name}: ${failureText('layer', error).text}`);
    });
  }
}
