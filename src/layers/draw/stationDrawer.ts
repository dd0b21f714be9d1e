// Station markers (coastalradar, cctv): pins in the legend colour, anchored at their tip; a
// click opens the type's popup (see MapLayers' popup handling in src/map/).
import type { MapLayer } from '../types.ts';
import type { StationDraw } from '../stations.ts';
import { addSource, vectorSignature } from './vector.ts';
import { colorExpression, DEFAULT_LAYER_COLOR } from './legendStyle.ts';
import { ensurePinImage } from './icon.ts';
import type { LayerDrawer } from './types.ts';
import './popup.css';

export function stationDrawer(popup: (properties: Readonly<Record<string, unknown>>, layer: MapLayer<StationDraw>) => HTMLElement): LayerDrawer<StationDraw> {
  return {
    add(map, layer, ctx) {
      const color = colorExpression(layer, ctx.legends);
      const image = ensurePinImage(map, typeof color === 'string' ? color : DEFAULT_LAYER_COLOR);
      addSource(map, layer);
      const id = `${layer.id}::icon`;
      map.addLayer(
        { id, type: 'symbol', source: layer.id, layout: { 'icon-image': image, 'icon-anchor': 'bottom', 'icon-allow-overlap': true }, paint: { 'icon-opacity': layer.opacity ?? 1 } },
        ctx.beforeId,
      );
      return [id];
    },
    signature: vectorSignature,
    popup,
    icon: (layer) => layer.draw?.icon,
  };
}

/** A popup body: a heading and a table of label/value rows (values as text, never HTML). */
export function popupTable(title: string, rows: ReadonlyArray<[string, unknown]>): HTMLElement {
  const root = document.createElement('div');
  root.className = 'station-popup';
  const h = document.createElement('h3');
  h.textContent = title;
  root.append(h);
  const table = document.createElement('table');
  for (const [label, value] of rows) {
    if (value === undefined || value === null || value === '') continue;
    const tr = document.createElement('tr');
    const th = document.createElement('th');
    th.scope = 'row';
    th.textContent = label;
    const td = document.createElement('td');
    td.textContent = String(value);
    tr.append(th, td);
    table.append(tr);
  }
  root.append(table);
  return root;
}
