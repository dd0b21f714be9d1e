// A legend symbol (src/engine/symbols.ts) in a colour, drawn once per shape and colour into the
// map's image sprite (as the station pins are, icon.ts).
import type { Map as MapLibreMap } from 'maplibre-gl';
import { SYMBOL_BOX, SYMBOL_STROKE, symbolImageId, symbolPath, type SymbolShape } from '../../engine/symbols.ts';
import { ensureSpriteImage } from './icon.ts';

/** Adds the image of `shape` in `color` to the map (once per style) and returns its id. */
export function ensureSymbolImage(map: MapLibreMap, shape: SymbolShape, color: string): string {
  return ensureSpriteImage(map, symbolImageId(shape, color), SYMBOL_BOX, SYMBOL_BOX, (g) => {
    const path = new Path2D(symbolPath(shape));
    g.fillStyle = color;
    g.fill(path);
    g.lineWidth = 0.8;
    g.lineJoin = 'round';
    g.strokeStyle = SYMBOL_STROKE;
    g.stroke(path);
  });
}
