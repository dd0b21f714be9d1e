import { createRoot } from 'react-dom/client';
import './ui/styles.css';
import './ui/fonts.css';
import { App } from './ui/App.tsx';
import { readInjectedConfig } from './state/config.tsx';
import { mapStore, initialBasemap } from './map/mapStore.ts';
import { setBaseZIndex } from './map/layerStore.ts';
import { setToastCloseMs } from './state/toast.ts';
import { decodeUrlState } from './engine/urlState.ts';

const config = readInjectedConfig();
// A link's base map (issue 11) is drawn from the start, not after the saved one.
const linked = decodeUrlState(window.location.search).state?.basemap;
const basemap = initialBasemap(config.app.basemaps, config.app.map.defaultBasemap, window.localStorage);
mapStore.set({ basemap: linked && config.app.basemaps.some((b) => b.id === linked) ? linked : basemap });
setBaseZIndex(config.app.map.baseZIndex);
setToastCloseMs(config.app.delays.toastCloseMs);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(<App config={config} />);
