// The station marker (SPEC.md §9 radar icon 24 by 28): a map pin in the legend colour, drawn once
// per colour into the map's image sprite.
import type { Map as MapLibreMap } from 'maplibre-gl';
import { STATION_ICON } from '../stations.ts';

export function pinImageId(color: string): string {
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

/** Adds the pin image of `color` to the map (once per style) and returns its id. */
export function ensurePinImage(map: MapLibreMap, color: string): string {
  const { width, height } = STATION_ICON;
  return ensureSpriteImage(map, pinImageId(color), width, height, (g) => {
    const r = width / 2 - 1;
    g.beginPath();
    g.moveTo(width / 2, height - 1);
    g.bezierCurveTo(width / 2 - 3, height - 9, 1, r + 6, 1, r + 1);
    g.arc(width / 2, r + 1, r, Math.PI, 0);
    g.bezierCurveTo(width - 1, r + 6, width / 2 + 3, height - 9, width / 2, height - 1);
    g.closePath();
    g.fillStyle = color;
    g.fill();
    g.lineWidth = 1.5;
    g.strokeStyle = '#ffffff';
    g.stroke();
    g.beginPath();
    g.arc(width / 2, r + 1, r / 2.4, 0, Math.PI * 2);
    g.fillStyle = '#ffffff';
    g.fill();
  });
}
