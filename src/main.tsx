import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import './ui/styles.css';
import './ui/fonts.css';
import { App } from './ui/App.tsx';
import { readInjectedConfig } from './state/config.tsx';
import { mapStore, initialBasemap } from './map/mapStore.ts';
import { setBaseZIndex } from './map/layerStore.ts';
import { setToastCloseMs } from './state/toast.ts';
import { decodeUrlState } from './engine/urlState.ts';
import { loadMapView, opensOnMap } from './ui/shell/mapViewChunk.ts';

const config = readInjectedConfig();
// A link's base map (issue 11) is drawn from the start, not after the saved one.
const linked = decodeUrlState(window.location.search).state?.basemap;
const basemap = initialBasemap(config.app.basemaps, config.app.map.defaultBasemap, window.localStorage);
mapStore.set({ basemap: linked && config.app.basemaps.some((b) => b.id === linked) ? linked : basemap });
setBaseZIndex(config.app.map.baseZIndex);
setToastCloseMs(config.app.delays.toastCloseMs);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
const reactRoot = createRoot(root);
// A map page renders once its map view is there (preloaded by dist/index.html), synchronously, so
// MapLibre starts in that render's effects, before the browser paints the shell. The topic page is
// part of that render: its effects (e.g. the compare buttons in the top menu) settle the map's
// size before MapLibre measures it; a later resize redraws the whole map (issue 29 aim 4).
const render = () => flushSync(() => reactRoot.render(<App config={config} />));
if (opensOnMap(config, window.location.pathname)) void loadMapView().then(render, render);
else render();
