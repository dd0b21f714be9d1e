import { createRoot } from 'react-dom/client';
import './ui/styles.css';
import { App } from './ui/App.tsx';
import { readInjectedConfig } from './state/config.tsx';
import { mapStore, initialBasemap } from './map/mapStore.ts';
import { setBaseZIndex } from './map/layerStore.ts';
import { setToastCloseMs } from './state/toast.ts';

const config = readInjectedConfig();
mapStore.set({ basemap: initialBasemap(config.app.basemaps, config.app.map.defaultBasemap, window.localStorage) });
setBaseZIndex(config.app.map.baseZIndex);
setToastCloseMs(config.app.delays.toastCloseMs);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(<App config={config} />);
