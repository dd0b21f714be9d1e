// Keeps the URL in step with the map (issue 11): the view, base map, satellite year, the open
// page's picker codes and its rows' layers (order and visibility) are written as the query as
// they change (map moves a quarter second after they settle). A change of pickers, rows, base
// map or satellite that the user made (a click or key since the last write) is a new history
// entry (Back returns to it); moving the map, defaults and restores replace the current one.
// Before a new entry is added, the current one takes the view the map has now (a move not yet
// written is not lost: Back returns to the view the visitor left, issue 24 defect 5). A URL that
// changes under the same page and that this did not write (Back/Forward) rebuilds the page from it.
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useConfig } from '../../state/config.tsx';
import { mapStore } from '../../map/mapStore.ts';
import { layerStore, listedLayers } from '../../map/layerStore.ts';
import { satelliteOptions, satelliteStore } from '../../map/satellite/satellite.ts';
import type { AppConfig } from '../../engine/types.ts';
import { decodeUrlState, encodeUrlState, passthroughOf, type UrlState } from '../../engine/urlState.ts';
import { pageStateStore } from './pageState.ts';
import { isRestoring, restoreStore, urlGenerationStore } from './restore.ts';
import { compareActor } from '../../map/compare/compareState.ts';
import { urlCompareOf } from '../compare/urlCompare.ts';

const WRITE_DELAY_MS = 250;

/** The state to write now: without a view while the map is not there yet. */
function currentUrlState(app: AppConfig): UrlState {
  const map = mapStore.get().map;
  const { pickers, rowLayers } = pageStateStore.get();
  const rows = listedLayers(layerStore.get().layers).flatMap((l) => {
    const id = rowLayers[l.id];
    return id ? [{ id, visible: l.visible }] : [];
  });
  const sat = satelliteOptions(app.satellite).find((o) => o.id === satelliteStore.get().selected);
  const c = map?.getCenter();
  return {
    ...(map && c ? { view: { center: [c.lng, c.lat] as [number, number], zoom: map.getZoom() } } : {}),
    pickers,
    rows,
    // The user's choice, not the offline map that stands in for it while it cannot load.
    ...((mapStore.get().fellBackFrom ?? mapStore.get().basemap) ? { basemap: mapStore.get().fellBackFrom ?? mapStore.get().basemap } : {}),
    ...(sat ? { satellite: sat.year } : {}),
    ...urlCompareOf(compareActor.getSnapshot()),
  };
}

let flushNow: (() => string) | null = null;

/** Compare mode's changes (a divider drag settles like a map move, issue 25). */
function subscribeCompare(listener: () => void): () => void {
  const sub = compareActor.subscribe(listener);
  return () => sub.unsubscribe();
}

/** A state without its view: what makes a history entry (the view only replaces). */
type Discrete = Omit<UrlState, 'view'>;

function withoutView(state: UrlState): Discrete {
  const { view: _view, ...rest } = state;
  return rest;
}

/** The discrete state a query holds ('' and null when it holds none). */
function discreteOf(search: string): { key: string; state: Discrete | null } {
  const state = decodeUrlState(search).state;
  return state ? { key: encodeUrlState(withoutView(state)), state: withoutView(state) } : { key: '', state: null };
}

/** Writes the pending URL at once (before copying the link) and returns its query. */
export function flushUrlState(): string {
  return flushNow?.() ?? window.location.search;
}

export function UrlStateSync() {
  const { app } = useConfig();
  const navigate = useNavigate();
  const location = useLocation();
  // Paths as the address bar has them (with the base path).
  const written = useRef<{ path: string; search: string; discrete: string; state: Discrete | null }>({ path: window.location.pathname, search: location.search, discrete: '', state: null });
  // A click or key since the last write: the next discrete change is the visitor's (a new entry).
  const acted = useRef(false);
  // Queries this component has navigated to and the location has not shown yet: two writes in a
  // row reach the location one after the other, and the first must not look like a Back.
  const pending = useRef<string[]>([]);

  // Back/Forward (or a link) to another state of the same page; a new page starts a new history
  // of states (its first write replaces).
  useEffect(() => {
    const last = written.current;
    const path = window.location.pathname;
    const at = pending.current.indexOf(location.search);
    const own = at >= 0;
    if (own) pending.current = pending.current.slice(at + 1);
    if (path === last.path && location.search !== last.search && !own) urlGenerationStore.set(({ generation }) => ({ generation: generation + 1 }));
    if (own) return;
    // Back/Forward lands on an entry: its own state is the one the next change starts from.
    const landed = path === last.path ? discreteOf(location.search) : { key: '', state: null };
    written.current = { path, search: location.search, discrete: landed.key, state: landed.state };
    acted.current = false;
  }, [location.pathname, location.search]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A discrete change waits for no map move: a reload right after it must find it written.
    let urgent = false;
    const onInput = () => {
      acted.current = true;
    };
    const go = (search: string, replace: boolean) => {
      pending.current = [...pending.current.slice(-7), search];
      void navigate({ search }, { replace });
    };
    // `forLink`: the query a copied link needs now, even before the map is there to give its view.
    const write = (forLink = false): string => {
      clearTimeout(timer);
      urgent = false;
      if (isRestoring()) return window.location.search;
      const state = currentUrlState(app);
      const keep = passthroughOf(window.location.search);
      const search = encodeUrlState(state, keep);
      // The URL holds the map's view: it is written once the map is there.
      if (!state.view) return forLink ? search : window.location.search;
      const discreteState = withoutView(state);
      const discrete = encodeUrlState(discreteState);
      const last = written.current;
      if (search === window.location.search) return search;
      const push = acted.current && last.path === window.location.pathname && last.discrete !== '' && last.discrete !== discrete;
      acted.current = false;
      if (push && last.state) {
        // The entry being left keeps the view the visitor leaves it with.
        const leaving = encodeUrlState({ ...last.state, view: state.view }, keep);
        if (leaving !== window.location.search) go(leaving, true);
      }
      written.current = { path: window.location.pathname, search, discrete, state: discreteState };
      go(search, !push);
      return search;
    };
    // Map moves settle first; other changes are written at once (a reload right after reads them).
    const schedule = () => {
      if (urgent) return;
      clearTimeout(timer);
      timer = setTimeout(() => write(), WRITE_DELAY_MS);
    };
    const soon = () => {
      clearTimeout(timer);
      urgent = true;
      timer = setTimeout(() => write(), 0);
    };
    flushNow = () => write(true);
    let moving: { off: () => void } | null = null;
    const watchMap = () => {
      moving?.off();
      const map = mapStore.get().map;
      if (!map) return;
      map.on('moveend', schedule);
      moving = { off: () => map.off('moveend', schedule) };
    };
    watchMap();
    const stops = [layerStore.subscribe(soon), satelliteStore.subscribe(soon), pageStateStore.subscribe(soon), restoreStore.subscribe(soon), subscribeCompare(schedule), mapStore.subscribe(() => (watchMap(), soon()))];
    window.addEventListener('pointerdown', onInput, true);
    window.addEventListener('keydown', onInput, true);
    window.addEventListener('change', onInput, true);
    return () => {
      window.removeEventListener('pointerdown', onInput, true);
      window.removeEventListener('keydown', onInput, true);
      window.removeEventListener('change', onInput, true);
      clearTimeout(timer);
      moving?.off();
      stops.forEach((stop) => stop());
      flushNow = null;
    };
  }, [app, navigate]);
  return null;
}
