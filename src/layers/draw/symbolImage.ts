// A legend symbol (src/engine/symbols.ts) in a colour, drawn once per shape and colour into the
// map's image sprite (as the station pins are, icon.ts).
import type { Map as MapLibreMap } from 'maplibre-gl';
import { SYMBOL_BOX, SYMBOL_STROKE, symbolImageId, symbolPath, type SymbolShape } from '../../engine/symbols.ts';

/** Adds the image of `shape` in `color` to the map (once per style) and returns its id. */
export function ensureSymbolImage(map: MapLibreMap, shape: SymbolShape, color: string): string {
  const id = symbolImageId(shape, color);
  if (map.hasImage(id)) return id;
  const scale = 2; // drawn at twice the size for sharp edges on high-density screens
  const canvas = document.createElement('canvas');
  canvas.width = SYMBOL_BOX * scale;
  canvas.height = SYMBOL_BOX * scale;
  const g = canvas.getContext('2d');
  if (!g) return id;
  g.scale(scale, scale);
  const path = new Path2D(symbolPath(shape));
  g.fillStyle = color;
  g.fill(path);
  g.lineWidth = 1;
  g.lineJoin = 'round';
  g.strokeStyle = SYMBOL_STROKE;
  g.stroke(path);
  map.addImage(id, g.getImageData(0, 0, canvas.width, canvas.height), { pixelRatio: scale });
  return id;
}
