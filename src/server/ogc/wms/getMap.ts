// WMS GetMap: PNG or JPEG drawn from PostGIS with the config legends' styles, on the render workers,
// with ETag/304, a byte-bounded tile cache and one rendering shared by identical requests.

import { createHash } from 'node:crypto';
import type { FeatureType } from '../../data/featureTypes.ts';
import { Lru } from '../cache.ts';
import { OgcError } from '../exception.ts';
import { SEA_STYLE } from '../layers.ts';
import { grownEnvelope, mapView, parseBool, pixelDegrees, type MapView } from '../params.ts';
import { queryForRender, queryLand, selectLayer, whereEnvelope } from '../query.ts';
import { MAX_SIZE, MIN_SIZE, parseBgColor, type RenderFeature } from '../render/index.ts';
import { runRenderJob, type JobLayer } from '../renderJob.ts';
import type { OgcRequest, OgcServiceCore as OgcService } from '../serviceCore.ts';
import { MAP_FORMATS, type MapFormat } from '../imageFormats.ts';
import { mapFormat, mapLayers, type MapLayerRequest } from './mapLayers.ts';

const TILE_CACHE_CONTROL = 'public, max-age=300';
/**
 * At most this many features of one layer are drawn in one image: a bound on memory and time.
 * A z8 tile of the MapServer bench's 1,000,000 lines holds ~71,000 (issue 29 aim 3).
 */
const MAX_RENDER_FEATURES = 100_000;
/** Simplification tolerance for drawing, in output pixels. */
const SIMPLIFY_PX = 0.5;

/** STYLES is required by GetMap in every WMS version served (1.1.0, 1.1.1, 1.3.0); empty means each layer's default. */
function checkStyles(svc: OgcService, r: OgcRequest, layers: readonly FeatureType[]): void {
  const raw = r.kvp.get('STYLES');
  if (raw === undefined) throw new OgcError('MissingParameterValue', 'missing parameter STYLES (send STYLES= for the default styles)', 'STYLES');
  if (raw.trim() === '') return;
  const styles = raw.split(',').map((s) => s.trim());
  if (styles.length !== layers.length) throw new OgcError('InvalidParameterValue', `STYLES lists ${styles.length} style(s) for ${layers.length} layer(s)`, 'STYLES');
  styles.forEach((style, i) => {
    if (style === '' || style === 'default') return;
    const look = svc.look(layers[i]!);
    if (style !== look.styleName && style !== look.legend.id) {
      throw new OgcError('StyleNotDefined', `layer ${layers[i]!.name} has no style "${style.slice(0, 60)}" (use "" or "${look.styleName}")`, 'STYLES');
    }
  });
}

function sha(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 27);
}

export async function getMap(svc: OgcService, r: OgcRequest): Promise<void> {
  const layers = mapLayers(svc, r, 'LAYERS', 'LayerNotDefined');
  checkStyles(
    svc,
    r,
    layers.map((l) => l.ft),
  );
  const format = mapFormat(r);
  if (r.kvp.get('FILTER')) throw new OgcError('InvalidParameterValue', 'FILTER is not supported by GetMap; use CQL_FILTER', 'FILTER');
  const view = mapView(r.kvp, r.version, { min: MIN_SIZE, max: MAX_SIZE });
  // JPEG has no alpha channel: TRANSPARENT=TRUE draws on BGCOLOR (as GeoServer does)
  const transparent = parseBool(r.kvp, 'TRANSPARENT', false) && format === 'png';
  const bgRaw = r.kvp.get('BGCOLOR')?.trim();
  const bg = bgRaw ? parseBgColor(bgRaw) : { r: 255, g: 255, b: 255 };
  if (!bg) throw new OgcError('InvalidParameterValue', 'BGCOLOR must be 0xRRGGBB', 'BGCOLOR');
  // Build every layer's SQL now, so bad filters and viewparams fail before any work.
  for (const l of layers) if (l.ft.kind === 'vector') selectLayer(l.ft, l.values, l.filter);

  const version = await svc.datasetVersion();
  const key = JSON.stringify([
    'map',
    format,
    layers.map((l) => l.ft.name),
    view.renderCrs,
    view.bbox.map((v) => Math.round(v * 1e6) / 1e6),
    view.width,
    view.height,
    transparent,
    transparent ? null : [bg.r, bg.g, bg.b],
    r.kvp.get('CQL_FILTER')?.trim() ?? null,
    layers.map((l) => (l.values ? Object.entries(l.values).sort() : null)),
    // the styles drawn (colours, symbols): a changed legend is a new image, never a 304
    layers.map((l) => [svc.look(l.ft).style.fallback.key, ...svc.look(l.ft).style.itemPaints.map((p) => p.key)]),
    version,
  ]);
  const etag = `"m-${sha(key)}"`;
  if (svc.notModified(r, etag, TILE_CACHE_CONTROL)) return;
  const image = await svc.tiles.get(etag, () =>
    drawMap(svc, layers, view, format, transparent, `#${[bg.r, bg.g, bg.b].map((c) => c.toString(16).padStart(2, '0')).join('')}`),
  );
  await svc.sendBody(r, image, { contentType: MAP_FORMATS[format], etag, cacheControl: TILE_CACHE_CONTROL, compressible: false });
}

async function drawMap(svc: OgcService, layers: readonly MapLayerRequest[], view: MapView, format: MapFormat, transparent: boolean, bgcolor: string): Promise<Buffer> {
  const pxDeg = pixelDegrees(view);
  const tolerance = pxDeg * SIMPLIFY_PX;
  const digits = Math.max(2, Math.min(7, Math.ceil(Math.log10(4 / pxDeg))));
  const env = grownEnvelope(view, 8);
  const jobLayers: JobLayer[][] = await Promise.all(
    layers.map(async (l): Promise<JobLayer[]> => {
      const look = svc.look(l.ft);
      if (l.ft.kind === 'raster') {
        const land = await queryLand(svc.db, env, tolerance, digits);
        const sea: RenderFeature = {
          geometry: {
            type: 'Polygon',
            coordinates: [[[env.minx, env.miny], [env.maxx, env.miny], [env.maxx, env.maxy], [env.minx, env.maxy], [env.minx, env.miny]]],
          },
        };
        return [
          { kind: 'features', features: [sea], style: SEA_STYLE },
          { kind: 'geometries', json: land, style: look.style },
        ];
      }
      const sel = selectLayer(l.ft, l.values, l.filter);
      whereEnvelope(sel, env);
      const rows = await queryForRender(svc.db, sel, { tolerance, digits, limit: MAX_RENDER_FEATURES, ...(look.field !== undefined ? { field: look.field } : {}) });
      const merge = look.style.kind === 'line' && look.style.label === undefined;
      return [{ kind: 'rows', ...rows, style: look.style, merge, ...(look.field !== undefined ? { field: look.field } : {}) }];
    }),
  );
  const all = jobLayers.flat();
  if (all.every((l) => l.kind === 'rows' && l.geometries.length === 0)) return emptyImage(view.width, view.height, format, transparent, bgcolor);
  return svc.renderer.render({ width: view.width, height: view.height, bbox: view.bbox, crs: view.renderCrs, format, transparent, bgcolor, layers: all });
}

/** Encoded empty tiles by size and background (an entry budget: sizes and colours vary freely). */
const emptyImages = new Lru<Promise<Buffer>>({ maxWeight: 64, maxEntryWeight: 1 });

/** A tile with nothing on it, encoded once per size, format and background. */
function emptyImage(width: number, height: number, format: MapFormat, transparent: boolean, bgcolor: string): Promise<Buffer> {
  const key = `${width}x${height}|${format}|${transparent ? 'clear' : bgcolor}`;
  let image = emptyImages.get(key);
  if (!image) {
    image = runRenderJob({ width, height, bbox: [0, 0, 1, 1], crs: 'EPSG:4326', format, transparent, bgcolor, layers: [] });
    emptyImages.set(key, image);
    image.catch(() => emptyImages.delete(key));
  }
  return image;
}
