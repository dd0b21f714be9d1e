// The atlas map at print resolution, drawn by the WMS renderer (runRenderJob, the same code and
// styles as GetMap) from the offline base map's land and the area's data: erosion and accretion
// areas, and each transect coloured by the class of its LRR. Plus the locator inset: Thailand
// with the area's box. Web Mercator, as on the web map.
import type { Legend } from '../../engine/types.ts';
import { DEFAULT_PALETTE, landFeatures } from '../basemap/thumbnail.ts';
import type { Database } from '../db/types.ts';
import { DEFAULT_EXTENT } from '../ogc/layers.ts';
import { queryForRender, renderRowsColumns } from '../ogc/query.ts';
import { changeAreaStyle, fixedStyle, styleFromLegend, type BBox, type RenderFeature } from '../ogc/render/index.ts';
import { latToMercY, lonToMercX, mercYToLat } from '../ogc/render/projection.ts';
import { runRenderJob, type JobLayer, type RenderRows } from '../ogc/renderJob.ts';
import type { Period } from '../transects/query.ts';
import type { AtlasArea, LonLatBox } from './areas.ts';
import { changeSelection, type TrendStats } from './data.ts';

interface MapPicture {
  /** JPEG bytes. */
  picture: Buffer;
  /** Metres on the ground per PDF point at the map's centre (the scale bar). */
  metresPerPoint: number;
}

const POINTS_PER_INCH = 72;
const LAND = { fill: DEFAULT_PALETTE.land, border: '#9E9E9E' };
/** Smallest span shown (degrees): a short beach system still shows its surroundings. */
const MIN_SPAN = 0.08;

/** The Mercator box around `bbox` (grown by `pad`) with the aspect of width x height. */
function fitBox(bbox: LonLatBox, width: number, height: number, pad = 0.08): BBox {
  const [w, s, e, n] = bbox;
  const cx = (w + e) / 2;
  const cy = (s + n) / 2;
  const halfLon = Math.max(e - w, MIN_SPAN) / 2;
  const halfLat = Math.max(n - s, MIN_SPAN) / 2;
  let x0 = lonToMercX(cx - halfLon);
  let x1 = lonToMercX(cx + halfLon);
  let y0 = latToMercY(cy - halfLat);
  let y1 = latToMercY(cy + halfLat);
  const grow = 1 + 2 * pad;
  let dx = (x1 - x0) * grow;
  let dy = (y1 - y0) * grow;
  if (dx / dy > width / height) dy = (dx * height) / width;
  else dx = (dy * width) / height;
  const mx = (x0 + x1) / 2;
  const my = (y0 + y1) / 2;
  [x0, x1, y0, y1] = [mx - dx / 2, mx + dx / 2, my - dy / 2, my + dy / 2];
  return [x0, y0, x1, y1];
}

function baseLayers(): JobLayer[] {
  const { countries, borders } = landFeatures();
  return [
    { kind: 'features', features: countries, style: fixedStyle('fill', LAND.fill, { opacity: 1, lineWidth: 1 }) },
    { kind: 'features', features: borders, style: fixedStyle('line', LAND.border, { lineWidth: 1 }) },
  ];
}

/** Each transect's origin with its rate class, as the renderer's rows `[[class, point], ...]`. */
async function transectRows(db: Database, stats: TrendStats): Promise<RenderRows> {
  const { rows } = await db.query<RenderRows>(
    `SELECT ${renderRowsColumns(6)} FROM (SELECT to_json(s.rate_class)::text AS v, t.origin AS g FROM (${stats.source.sql}) s JOIN transect t ON t.gid = s.gid) AS q`,
    stats.source.params,
  );
  return rows[0] ?? { values: '[]', geometries: '' };
}

interface MapRequest {
  area: AtlasArea;
  period: Period;
  stats: TrendStats;
  legends: readonly Legend[];
  /** Size on the page (points) and resolution. */
  width: number;
  height: number;
  dpi: number;
}

export async function renderAreaMap(db: Database, r: MapRequest): Promise<MapPicture> {
  const widthPx = Math.round((r.width / POINTS_PER_INCH) * r.dpi);
  const heightPx = Math.round((r.height / POINTS_PER_INCH) * r.dpi);
  const bbox = fitBox(r.area.bbox, r.width, r.height);
  const pxDeg = ((bbox[2] - bbox[0]) / 6378137 / widthPx) * (180 / Math.PI);
  const render = { tolerance: pxDeg * 0.5, digits: Math.max(2, Math.min(7, Math.ceil(Math.log10(4 / pxDeg)))), limit: 50_000 };
  const rateLegend = r.legends.find((l) => l.id === 'transect-rate');
  const [erosion, accretion, transects] = await Promise.all([
    queryForRender(db, changeSelection(r.area, 'erosion_area', r.period), render),
    queryForRender(db, changeSelection(r.area, 'accretion_area', r.period), render),
    transectRows(db, r.stats),
  ]);
  // about 2 pt: the class colour shows inside the symbol's ring
  const radius = Math.max(3, Math.round(r.dpi / 36));
  const layers: JobLayer[] = [
    ...baseLayers(),
    { kind: 'rows', ...erosion, style: changeAreaStyle('erosion', { opacity: 0.85 }), merge: false },
    { kind: 'rows', ...accretion, style: changeAreaStyle('accretion', { opacity: 0.85 }), merge: false },
    ...(rateLegend ? [{ kind: 'rows' as const, ...transects, style: styleFromLegend(rateLegend, { radius }), field: 'rate_class', merge: false }] : []),
  ];
  // JPEG: pdfkit embeds it as it is (a PNG is decoded and compressed again: ~1 s a page)
  const picture = await runRenderJob({ width: widthPx, height: heightPx, bbox, crs: 'EPSG:3857', format: 'jpeg', transparent: false, bgcolor: DEFAULT_PALETTE.sea, layers });
  const lat = mercYToLat((bbox[1] + bbox[3]) / 2);
  return { picture, metresPerPoint: ((bbox[2] - bbox[0]) * Math.cos((lat * Math.PI) / 180)) / r.width };
}

/** Thailand with the area's box (at least a few pixels, so a beach system still shows). */
export async function renderLocator(area: AtlasArea, width: number, height: number, dpi: number): Promise<Buffer> {
  const widthPx = Math.round((width / POINTS_PER_INCH) * dpi);
  const heightPx = Math.round((height / POINTS_PER_INCH) * dpi);
  const [w, s, e, n] = area.bbox;
  const grow = (a: number, b: number) => Math.max(0, 0.25 - (b - a)) / 2;
  const gx = grow(w, e);
  const gy = grow(s, n);
  const box: RenderFeature = { geometry: { type: 'Polygon', coordinates: [[[w - gx, s - gy], [e + gx, s - gy], [e + gx, n + gy], [w - gx, n + gy], [w - gx, s - gy]]] } };
  const bbox = fitBox(DEFAULT_EXTENT, width, height, 0);
  return runRenderJob({
    width: widthPx,
    height: heightPx,
    bbox,
    crs: 'EPSG:3857',
    format: 'png',
    transparent: false,
    bgcolor: DEFAULT_PALETTE.sea,
    layers: [...baseLayers(), { kind: 'features', features: [box], style: fixedStyle('fill', '#D7263D', { opacity: 0.5, lineWidth: 2 }) }],
  });
}
