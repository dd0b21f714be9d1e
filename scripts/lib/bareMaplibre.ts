// The reference page of `bench:client` (issue 13 item 3): bare MapLibre, nothing else, drawing the
// same offline base map style as the app, in a map of the app map's size at the app's first view.
// Served inside the browser context at the app server's origin (Playwright routes), MapLibre from
// node_modules/maplibre-gl/dist; the style and its data come from the app server like the app's.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';

export const BARE_PAGE = '/bench/bare-maplibre.html';
const MAPLIBRE_DIR = '/bench/maplibre/';

export interface BareView {
  styleUrl: string;
  center: readonly [number, number];
  zoom: number;
  width: number;
  height: number;
}

const TYPES: Record<string, string> = { '.mjs': 'text/javascript', '.js': 'text/javascript', '.css': 'text/css', '.map': 'application/json' };

function pageHtml(view: BareView): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare MapLibre</title>
<link rel="stylesheet" href="${MAPLIBRE_DIR}maplibre-gl.css">
<style>html, body { margin: 0 } #map { width: ${view.width}px; height: ${view.height}px }</style></head>
<body><div id="map"></div>
<script type="module">
import * as maplibregl from '${MAPLIBRE_DIR}maplibre-gl.mjs';
const map = new maplibregl.Map({ container: 'map', style: ${JSON.stringify(view.styleUrl)}, center: ${JSON.stringify(view.center)}, zoom: ${view.zoom} });
map.once('idle', () => document.getElementById('map').dataset.idle = 'true');
</script></body></html>`;
}

/** Answers BARE_PAGE and MapLibre's files at `origin` in this browser context. */
export async function routeBareMaplibre(context: BrowserContext, origin: string, maplibreDist: string, view: BareView): Promise<void> {
  const html = pageHtml(view);
  await context.route(`${origin}/bench/**`, async (route) => {
    const { pathname } = new URL(route.request().url());
    if (pathname === BARE_PAGE) return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html });
    const file = pathname.startsWith(MAPLIBRE_DIR) ? path.basename(pathname) : null;
    if (!file) return route.fulfill({ status: 404, body: '' });
    try {
      return await route.fulfill({ status: 200, contentType: TYPES[path.extname(file)] ?? 'application/octet-stream', body: readFileSync(path.join(maplibreDist, file)) });
    } catch {
      return route.fulfill({ status: 404, body: '' });
    }
  });
}
