// Restoring a page from its URL (issue 11), in the order the page can take it: base map,
// satellite year and view at once; each picker when its options have loaded (cascades follow);
// the rows once every picker is settled; then the layer order and visibility, and the view again
// (rows restored from a link do not fit the map). Whatever cannot be restored is skipped and
// said in one Thai toast per restore.
import type { Map as MapLibreMap } from 'maplibre-gl';
import { createStore } from '../../state/store.ts';
import { toast } from '../../state/toast.ts';
import { th } from '../../locale/th.ts';
import { mapStore } from '../../map/mapStore.ts';
import { layerStore, reorderLayer, toggleLayer } from '../../map/layerStore.ts';
import { satelliteOptions, satelliteStore } from '../../map/satellite/satellite.ts';
import type { AppConfig } from '../../engine/types.ts';
import type { UrlRow } from '../../engine/urlState.ts';
import type { RestorePlan } from './restorePlan.ts';
import { pageStateStore } from './pageState.ts';

interface RestoreState {
  pageKey: string;
  /** Pickers still to choose: id -> codes. */
  pickers: Readonly<Record<string, readonly string[]>>;
  /** Rows still to show, and rows shown but not yet in the layer list. */
  waiting: readonly UrlRow[];
  loading: readonly string[];
}

const IDLE: RestoreState = { pageKey: '', pickers: {}, waiting: [], loading: [] };
export const restoreStore = createStore<RestoreState>(IDLE);

/** Bumped when the URL changes under an open page (Back/Forward): the page is rebuilt from it. */
export const urlGenerationStore = createStore<{ generation: number }>({ generation: 0 });

let session: { plan: RestorePlan; toasted: boolean; timer: ReturnType<typeof setTimeout> | undefined } | null = null;
const GIVE_UP_MS = 20_000;

export function isRestoring(): boolean {
  return restoreStore.get().pageKey !== '';
}

/** The pickers the page's link (or history entry) chose: they keep its view until changed. */
let linkChoice: { pageKey: string; pickers: Readonly<Record<string, readonly string[]>> } = { pageKey: '', pickers: {} };

export function rememberLinkChoice(pageKey: string, pickers: Readonly<Record<string, readonly string[]>>): void {
  linkChoice = { pageKey, pickers };
}

/**
 * Whether these picker codes are the ones the page's link chose (or a restore is still running):
 * such a choice keeps the link's view. The first other choice forgets the link.
 */
export function chosenByLink(pageKey: string, codes: Readonly<Record<string, readonly string[]>>): boolean {
  if (isRestoring()) return true;
  const link = linkChoice.pageKey === pageKey ? linkChoice.pickers : null;
  const same = !!link && Object.entries(codes).every(([id, c]) => (link[id] ?? []).join(',') === c.join(','));
  if (!same) linkChoice = { pageKey: '', pickers: {} };
  return same;
}

/** Says once per restore that parts of the link were skipped. */
export function reportSkipped(problem: string): void {
  console.warn(`link state skipped: ${problem}`);
  if (!session || session.toasted) return;
  session.toasted = true;
  toast.info(th.urlState.invalid);
}

function whenMap(apply: (map: MapLibreMap) => void): void {
  const map = mapStore.get().map;
  if (map) return apply(map);
  const stop = mapStore.subscribe(() => {
    const m = mapStore.get().map;
    if (!m) return;
    stop();
    apply(m);
  });
}

function applyView(plan: RestorePlan): void {
  const view = plan.view;
  if (view) whenMap((map) => map.jumpTo({ center: view.center, zoom: view.zoom }));
}

export function beginRestore(pageKey: string, plan: RestorePlan, app: AppConfig): void {
  if (session?.timer) clearTimeout(session.timer);
  session = { plan, toasted: false, timer: undefined };
  plan.problems.forEach(reportSkipped);
  if (plan.basemap) mapStore.set({ basemap: plan.basemap, fellBackFrom: null });
  if (plan.satellite !== undefined) satelliteStore.set({ selected: satelliteOptions(app.satellite).find((o) => o.year === plan.satellite)?.id ?? null });
  applyView(plan);
  restoreStore.set({ pageKey, pickers: plan.pickers, waiting: plan.rows, loading: [] });
  session.timer = setTimeout(() => finish(true), GIVE_UP_MS);
  settle();
}

/** Codes to choose for a picker of the page, once (undefined when the link names none). */
export function takePicker(pageKey: string, id: string): readonly string[] | undefined {
  const s = restoreStore.get();
  const codes = s.pageKey === pageKey ? s.pickers[id] : undefined;
  if (codes) dropPickers(pageKey, [id]);
  return codes;
}

/** Forgets pickers that cannot be restored (and says so when `problem` is given). */
export function dropPickers(pageKey: string, ids: readonly string[], problem?: string): void {
  if (restoreStore.get().pageKey !== pageKey) return;
  if (problem) reportSkipped(problem);
  restoreStore.set(({ pickers }) => ({ pickers: Object.fromEntries(Object.entries(pickers).filter(([id]) => !ids.includes(id))) }));
  settle();
}

export function pickersSettled(s: RestoreState, pageKey: string): boolean {
  return s.pageKey === pageKey && Object.keys(s.pickers).length === 0;
}

/** The row's restore entry once the pickers are settled (it is then loading). */
export function takeRow(pageKey: string, rowId: string): UrlRow | undefined {
  const s = restoreStore.get();
  if (!pickersSettled(s, pageKey)) return undefined;
  const row = s.waiting.find((r) => r.id === rowId);
  if (row) restoreStore.set({ waiting: s.waiting.filter((r) => r !== row), loading: [...s.loading, rowId] });
  return row;
}

/** A restored row is in the layer list, or could not be shown (`problem`). */
export function rowDone(rowId: string, problem?: string): void {
  if (problem) reportSkipped(problem);
  restoreStore.set(({ loading }) => ({ loading: loading.filter((id) => id !== rowId) }));
  settle();
}

function settle(): void {
  const s = restoreStore.get();
  if (s.pageKey && Object.keys(s.pickers).length === 0 && s.loading.length === 0 && s.waiting.length === 0) finish(false);
}

function finish(gaveUp: boolean): void {
  const s = restoreStore.get();
  if (!session || !s.pageKey) return;
  const { plan } = session;
  if (gaveUp) [...Object.keys(s.pickers).map((id) => `p.${id}`), ...s.waiting.map((r) => `rows: ${r.id}`)].forEach(reportSkipped);
  clearTimeout(session.timer);
  const rowLayers = pageStateStore.get().rowLayers;
  const layerOf = (rowId: string) => Object.keys(rowLayers).find((layerId) => rowLayers[layerId] === rowId);
  plan.rows.forEach((row, index) => {
    const id = layerOf(row.id);
    if (!id) return;
    reorderLayer(id, index);
    if (layerStore.get().layers.find((l) => l.id === id)?.visible !== row.visible) toggleLayer(id);
  });
  applyView(plan);
  session = null;
  restoreStore.set(IDLE);
}

/** Leaving the page stops its restore. */
export function cancelRestore(pageKey: string): void {
  if (restoreStore.get().pageKey !== pageKey) return;
  if (session) clearTimeout(session.timer);
  session = null;
  restoreStore.set(IDLE);
}
