// maplibre-gl 6 loads its worker from a URL Vite cannot see; hand it the bundled file
// (DESIGN.md §5), or the built app shows "Worker failed to load".
import { setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';

setWorkerUrl(workerUrl);
