// Helpers of the detailed base map's tests: tile addresses of a place, decoding a tile and
// sampling which of its points are land.
import { VectorTile, type VectorTileFeature } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';

/** The z/x/y of the tile holding lon/lat (Web Mercator, as MapLibre asks them). */
export function tileAt(lon: number, lat: number, z: number): [number, number, number] {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  return [z, Math.floor(((lon + 180) / 360) * n), Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n)];
}

/** Where lon/lat falls inside its tile, in tile units (0..extent). */
export function pointInTile(lon: number, lat: number, [z, x, y]: [number, number, number], extent: number): [number, number] {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  const worldX = ((lon + 180) / 360) * n;
  const worldY = ((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n;
  return [(worldX - x) * extent, (worldY - y) * extent];
}

export function decodeTile(body: Buffer): VectorTile {
  return new VectorTile(new PbfReader(body));
}

/** Even-odd over all rings of a polygon feature, so holes (lakes) count as outside. */
export function featureContains(feature: VectorTileFeature, [px, py]: [number, number]): boolean {
  let inside = false;
  for (const ring of feature.loadGeometry()) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const a = ring[i]!;
      const b = ring[j]!;
      if (a.y > py !== b.y > py && px < ((b.x - a.x) * (py - a.y)) / (b.y - a.y) + a.x) inside = !inside;
    }
  }
  return inside;
}

/** The features of the tile's one layer, by kind. */
export function featuresOf(tile: VectorTile, layerName: string): { land: VectorTileFeature[]; coverage: VectorTileFeature[] } {
  const layer = tile.layers[layerName];
  const all = layer ? Array.from({ length: layer.length }, (_, i) => layer.feature(i)) : [];
  return { land: all.filter((f) => f.properties.kind === 'land'), coverage: all.filter((f) => f.properties.kind === 'coverage') };
}

/** Share of a 32 x 32 grid of the tile's points that lie on land. */
export function landShare(land: readonly VectorTileFeature[], extent: number): number {
  let count = 0;
  for (let i = 0; i < 32; i++) {
    for (let j = 0; j < 32; j++) {
      const point: [number, number] = [((i + 0.5) / 32) * extent, ((j + 0.5) / 32) * extent];
      if (land.some((f) => featureContains(f, point))) count++;
    }
  }
  return count / 1024;
}
