// The station marker (SPEC.md §9 radar icon 24 by 28): a map pin in the legend colour, drawn once
// per colour into the map's image sprite from the path the legend draws too (src/engine/pin.ts).
import type { Map as MapLibreMap } from 'maplibre-gl';
import { PIN_HEIGHT, PIN_HOLE_PATH, PIN_PATH, PIN_STROKE, PIN_STROKE_WIDTH, PIN_WIDTH } from '../../engine/pin.ts';
import { STATION_ICON } from '../stations.ts';

function pinImageId(color: string): string {
  return `station-pin-${color.replace('#', '')}`;
}

/** Adds the image `id` to the map once per style: `draw` paints it on a canvas of width x height
 *  px, at twice the size for sharp edges on high-density screens. Returns the id. */
export function ensureSpriteImage(map: MapLibreMap, id: string, width: number, height: number, draw: (g: CanvasRenderingContext2D) => void): string {
  if (map.hasImage(id)) return id;
  const scale = 2;
  const canvas = document.createElement('canvas');
  canvas.width = width * scale;
  canvas.height = height * scale;
  const g = canvas.getContext('2d');
  if (!g) return id;
  g.scale(scale, scale);
  draw(g);
  map.addImage(id, g.getImageData(0, 0, canvas.width, canvas.height), { pixelRatio: scale });
  return id;
}

/** Adds the pin image of `color` (src/engine/pin.ts, the legend's pin too) to the map (once per
 *  style) and returns its id. */
export function ensurePinImage(map: MapLibreMap, color: string): string {
  const { width, height } = STATION_ICON;
  return ensureSpriteImage(map, pinImageId(color), width, height, (g) => {
    g.scale(width / PIN_WIDTH, height / PIN_HEIGHT);
    const outline = new Path2D(PIN_PATH);
    g.fillStyle = color;
    g.fill(outline);
    g.lineWidth = PIN_STROKE_WIDTH;
    g.strokeStyle = PIN_STROKE;
    g.stroke(outline);
    g.fillStyle = PIN_STROKE;
    g.fill(new Path2D(PIN_HOLE_PATH));
  });
}
