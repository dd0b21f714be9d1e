// Base-map thumbnails for the switcher (issue 11: they were flat colour blocks): the Gulf of
// Thailand drawn from the offline base map's land in each base map's own colours (config
// `thumbnail`), so a map looks like itself without fetching anything from its public server.
import type { BasemapDef } from '../../engine/types.ts';
import { CachedBody } from '../http/cachedBody.ts';
import { fixedStyle, renderMap, type RenderFeature } from '../ogc/render/index.ts';
import { regionLand } from './land.ts';

/** Twice the switcher's 120 x 64 CSS box, for sharp pictures on high-density screens. */
export const THUMBNAIL_SIZE = { width: 240, height: 128 } as const;
/** The upper Gulf and both coasts of the peninsula (EPSG:4326), 15:8 like the picture. */
export const THUMBNAIL_BBOX = [97.9, 8.6, 104.6, 14.2] as const;
/** The offline map's colours, for a base map whose config gives none. */
export const DEFAULT_PALETTE: Required<NonNullable<BasemapDef['thumbnail']>> = { sea: '#cfe6f2', land: '#fbf4e1', coast: '#c9b98f' };

let land: { countries: RenderFeature[]; borders: RenderFeature[] } | undefined;

export function landFeatures(): { countries: RenderFeature[]; borders: RenderFeature[] } {
  if (!land) {
    const { features } = regionLand();
    land = {
      countries: features.filter((f) => f.properties.kind === 'country'),
      borders: features.filter((f) => f.properties.kind === 'border'),
    };
  }
  return land;
}

/** The PNG of one base map's thumbnail. */
async function renderThumbnail(basemap: Pick<BasemapDef, 'thumbnail'>): Promise<Buffer> {
  const palette = { ...DEFAULT_PALETTE, ...basemap.thumbnail };
  const { countries, borders } = landFeatures();
  return renderMap({
    ...THUMBNAIL_SIZE,
    bbox: THUMBNAIL_BBOX,
    crs: 'EPSG:4326',
    transparent: false,
    bgcolor: palette.sea,
    layers: [
      { features: countries, style: fixedStyle('fill', palette.land, { opacity: 1, lineWidth: 1.5 }) },
      { features: borders, style: fixedStyle('line', palette.coast, { lineWidth: 1 }) },
    ],
  });
}

/** Thumbnails by base-map id, rendered on first ask and kept (config does not change while running). */
export function thumbnailCache(basemaps: readonly BasemapDef[]): (id: string) => Promise<CachedBody> | null {
  const made = new Map<string, Promise<CachedBody>>();
  return (id) => {
    const basemap = basemaps.find((b) => b.id === id);
    if (!basemap) return null;
    let body = made.get(id);
    if (!body) {
      body = renderThumbnail(basemap).then((png) => new CachedBody(png, 'image/png', 'public, max-age=86400'));
      made.set(id, body);
    }
    return body;
  };
}
