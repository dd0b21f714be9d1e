// The proposal PDF's location minimap (SPEC.md §9: 80 x 80 at zoom 3, drawn at twice the pixels
// for print): the offline base map's land in its style's colours around a point, with the point
// marked. Drawn here by the renderer that draws the switcher's thumbnails, so the visitor's page
// gets one small PNG instead of making, loading and capturing a MapLibre map of its own (1-2 s on
// the proposal's last step: issue 29 aim 6).
import { fixedStyle, renderMap, type BBox } from '../ogc/render/index.ts';
import { latToMercY, lonToMercX } from '../ogc/render/projection.ts';
import { THAILAND_ISO_N3 } from './land.ts';
import { BORDER_COLOR, LAND_COLOR, SEA_COLOR, THAILAND_COAST_COLOR, THAILAND_COLOR } from './style.ts';
import { landFeatures } from './thumbnail.ts';

/** SPEC.md §9, in CSS pixels and MapLibre's zoom (a 512 px world at zoom 0). */
const MINIMAP_SIZE = 80;
const MINIMAP_ZOOM = 3;
const PIXEL_RATIO = 2;
/** Web Mercator's latitude limit. */
const MAX_LAT = 85.0511;

interface MinimapRequest {
  lon: number;
  lat: number;
  /** The marker's colour, '#RRGGBB'. */
  marker: string;
}

/** The EPSG:3857 box of the minimap centred on (lon, lat): what MapLibre shows in 80 px at zoom 3. */
export function minimapBbox(lon: number, lat: number): BBox {
  const metresPerPixel = (2 * lonToMercX(180)) / (512 * 2 ** MINIMAP_ZOOM);
  const half = (MINIMAP_SIZE / 2) * metresPerPixel;
  const x = lonToMercX(lon);
  const y = latToMercY(lat);
  return [x - half, y - half, x + half, y + half];
}

/** The minimap's query (`lon`, `lat`, `marker` as RRGGBB without '#'), or what is wrong with it. */
export function parseMinimapQuery(query: URLSearchParams): MinimapRequest | string {
  const number = (key: string) => {
    const text = query.get(key)?.trim() ?? '';
    return text === '' ? NaN : Number(text);
  };
  const lon = number('lon');
  const lat = number('lat');
  if (!(Math.abs(lon) <= 180)) return 'lon must be a longitude from -180 to 180';
  if (!(Math.abs(lat) <= MAX_LAT)) return `lat must be a latitude from -${MAX_LAT} to ${MAX_LAT}`;
  const marker = query.get('marker') ?? '';
  if (!/^[0-9a-fA-F]{6}$/.test(marker)) return 'marker must be a colour as six hexadecimal digits (RRGGBB)';
  return { lon, lat, marker: `#${marker}` };
}

/** The minimap as a PNG, 160 x 160 px. */
export function renderMinimap({ lon, lat, marker }: MinimapRequest): Promise<Buffer> {
  const { countries, borders } = landFeatures();
  const isThailand = (f: (typeof countries)[number]) => String(f.properties?.iso_n3) === THAILAND_ISO_N3;
  return renderMap({
    width: MINIMAP_SIZE * PIXEL_RATIO,
    height: MINIMAP_SIZE * PIXEL_RATIO,
    bbox: minimapBbox(lon, lat),
    crs: 'EPSG:3857',
    transparent: false,
    bgcolor: SEA_COLOR,
    layers: [
      { features: countries.filter((f) => !isThailand(f)), style: fixedStyle('fill', LAND_COLOR, { opacity: 1, lineWidth: 1 }) },
      { features: countries.filter(isThailand), style: fixedStyle('fill', THAILAND_COLOR, { opacity: 1, lineWidth: 1, stroke: THAILAND_COAST_COLOR }) },
      { features: borders, style: fixedStyle('line', BORDER_COLOR, { lineWidth: 0.5 * PIXEL_RATIO }) },
      // r 4 CSS px, as MapLibre drew the point before, with the renderer's white ring
      { features: [{ geometry: { type: 'Point', coordinates: [lon, lat] } }], style: fixedStyle('circle', marker, { radius: 4 * PIXEL_RATIO }) },
    ],
  });
}
