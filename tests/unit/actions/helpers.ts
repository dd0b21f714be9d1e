// The real config (config/) for the action tests, and fake dependencies that record what the
// layer actions ask for and add.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { vi, type Mock } from 'vitest';
import type { FitTarget } from '../../../src/ui/topic/actions/fit.ts';
import { loadConfigDir } from '../../../src/loader/loadConfig.ts';
import type { ConfigBundle, ResolvedVariant } from '../../../src/engine/types.ts';
import type { ActionContext, ActionDeps } from '../../../src/ui/topic/actions/layerActions.ts';
import type { MapLayer } from '../../../src/map/layerStore.ts';
import type { RowResult } from '../../../src/ui/topic/rowResults.ts';

const CONFIG_DIR = path.join(fileURLToPath(new URL('../../../', import.meta.url)), 'config');

export async function realBundle(): Promise<ConfigBundle> {
  const loaded = await loadConfigDir(CONFIG_DIR);
  if (!loaded.ok) throw new Error('config/ does not load');
  return loaded.bundle;
}

export function variantOf(bundle: ConfigBundle, route: string, variantPath = ''): ResolvedVariant {
  const v = bundle.topics.find((t) => t.route === route)?.variants.find((x) => x.path === variantPath);
  if (!v) throw new Error(`no variant ${route}/${variantPath}`);
  return v;
}

export function contextFor(bundle: ConfigBundle, route: string, variantPath: string, values: ActionContext['values']): ActionContext {
  return { app: bundle.app, variant: variantOf(bundle, route, variantPath), values, route, pageKey: `${route}/${variantPath}` };
}

export interface Recorder {
  deps: ActionDeps;
  fetches: Array<{ url: string; method: string; form?: Record<string, string> }>;
  routerCalls: Array<Record<string, string>>;
  layers: Map<string, Omit<MapLayer, 'zIndex' | 'visible'>>;
  results: Map<string, RowResult | null>;
  toasts: Array<{ kind: string; text: string; id: number; open: boolean }>;
  map: { fitBounds: Mock<FitTarget['fitBounds']>; panTo: Mock<FitTarget['panTo']> };
  warnings: string[];
}

/** Fake deps: `answer(url, form)` answers feature requests, `routerAnswer(query)` router calls. */
export function recorder(
  answer: (url: string, form: Record<string, string> | undefined) => unknown = () => ({ type: 'FeatureCollection', features: [] }),
  routerAnswer: (query: Record<string, string>) => { data?: unknown; bbox?: unknown } = () => ({ data: [], bbox: null }),
): Recorder {
  const r: Recorder = {
    fetches: [],
    routerCalls: [],
    layers: new Map(),
    results: new Map(),
    toasts: [],
    map: { fitBounds: vi.fn<FitTarget['fitBounds']>(), panTo: vi.fn<FitTarget['panTo']>() },
    warnings: [],
    deps: undefined as unknown as ActionDeps,
  };
  let nextToast = 1;
  r.deps = {
    fetchJson: async (url, init) => {
      r.fetches.push({ url, method: init.method, ...(init.form ? { form: init.form } : {}) });
      const a = answer(url, init.form);
      if (a instanceof Error) throw a;
      return a;
    },
    router: async (query) => {
      r.routerCalls.push(query);
      return routerAnswer(query);
    },
    upsert: (layer) => void r.layers.set(layer.id, layer),
    remove: (id) => void r.layers.delete(id),
    setResult: (rowId, result) => void r.results.set(rowId, result),
    toast: {
      loading: (text) => {
        const id = nextToast++;
        r.toasts.push({ kind: 'loading', text, id, open: true });
        return id;
      },
      error: (text) => {
        const id = nextToast++;
        r.toasts.push({ kind: 'error', text, id, open: true });
        return id;
      },
      dismiss: (id) => {
        const t = r.toasts.find((x) => x.id === id);
        if (t) t.open = false;
      },
    },
    fitTarget: () => r.map,
    warn: (m) => void r.warnings.push(m),
  };
  return r;
}

/** A feature collection of `n` square polygons around (lon, lat), with the given area each. */
export function squares(n: number, lon: number, lat: number, area = 1600, extra: Record<string, unknown> = {}) {
  return {
    type: 'FeatureCollection' as const,
    features: Array.from({ length: n }, (_, i) => ({
      type: 'Feature' as const,
      id: `f.${i}`,
      properties: { area, ...extra },
      geometry: { type: 'Polygon' as const, coordinates: [[[lon + i, lat], [lon + i + 0.5, lat], [lon + i + 0.5, lat + 0.5], [lon + i, lat]]] },
    })),
    totalFeatures: n,
    numberMatched: n,
    numberReturned: n,
    crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::4326' } },
  };
}
