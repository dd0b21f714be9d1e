// The OGC service core behind /geoserver/{product}_postgres/{wms,wfs,ows}: error reports, the
// caches (dataset version, extents, capabilities, rendered tiles) and the response helpers the
// WMS and WFS handlers share. service.ts adds the dispatch by SERVICE and REQUEST; the handlers
// import this core only, so no module imports back the one that dispatches to it.

import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Legend } from '../../engine/types.ts';
import type { FeatureType } from '../data/featureTypes.ts';
import type { Database } from '../db/types.ts';
import { CachedBody } from '../http/cachedBody.ts';
import { addVary } from '../http/vary.ts';
import { rateLimitedLog } from '../http/errorLog.ts';
import { acceptsGzip, etagMatches } from '../http/negotiate.ts';
import { publicOrigin, type PublicOrigin } from '../http/publicUrl.ts';
import type { RequestContext } from '../http/routeTable.ts';
import { sendCached } from '../http/send.ts';
import { byteLru, Lru, SharedLru } from './cache.ts';
import { sendFailure, toOgcError } from './failure.ts';
import type { Kvp } from './kvp.ts';
import { layerLook, publishedLayers, resolveLayer, type LayerLook } from './layers.ts';
import { queryTableExtents } from './query.ts';
import { DATASET_VERSION_TTL_MS, queryDatasetVersion } from '../db/datasetVersion.ts';
import { defaultRenderThreads, RenderPool } from './renderPool.ts';
import type { ServiceName } from './versions.ts';
import { MatchCounts } from './wfs/matchCounts.ts';

const gzipAsync = promisify(gzip);

export type Endpoint = 'wms' | 'wfs' | 'ows';

export interface OgcServiceOptions {
  /** Product id ('tcs'): the workspace is `{product}_postgres`, layer names are `{product}:<name>`. */
  product: string;
  db: Database;
  /** The config legends (config/legends.yaml): the same ones the client shows. */
  legends: readonly Legend[];
  /** The public URL of this server as clients see it (capabilities links), e.g. 'https://maps.example.org' (env PUBLIC_URL). Default: from the Host header. */
  publicUrl?: string;
  /** Reverse proxies whose X-Forwarded-Proto/Host are believed when there is no publicUrl (env TRUSTED_PROXIES). */
  trustedProxies?: readonly string[];
  /** Rendered-tile cache size in bytes (default 64 MB; 0 turns it off). */
  tileCacheBytes?: number;
  /** WFS GetFeature answer cache size in bytes (default 32 MB; 0 turns it off). */
  featureCacheBytes?: number;
  /** How many layer looks (style and legend per layer name) are kept (default 256). */
  lookCacheEntries?: number;
  /** How long the dataset version (part of every tile ETag) is trusted before it is read again (default 5 s). */
  datasetVersionTtlMs?: number;
  /** Where unexpected failures are reported (default: JSON lines on stderr, at most one per kind per 10 s). */
  logError?: (entry: object) => void;
  /** Worker threads that draw GetMap images (default: one per core, at most 4; 0 draws on the main thread). */
  renderThreads?: number;
  /** Layers served beside the registry's (benchmarks on other tables); a registry name cannot be replaced. */
  extraFeatureTypes?: readonly FeatureType[];
}

/** One parsed OGC request. */
export interface OgcRequest {
  ctx: RequestContext;
  kvp: Kvp;
  service: ServiceName;
  /** The version the answer speaks (negotiated for GetCapabilities). */
  version: string;
  /** The public URL of the endpoint the request came to, without query. */
  endpointUrl: string;
  /** Lower-case REQUEST. */
  request: string;
}


export class OgcServiceCore {
  readonly product: string;
  readonly db: Database;
  readonly legends: ReadonlyMap<string, Legend>;
  /** Rendered tiles by ETag: identical concurrent tile requests share one rendering. */
  readonly tiles: SharedLru<Buffer>;
  /** WFS GetFeature answers by ETag (every parameter and the data version): a page asked again is not read again. */
  readonly featureAnswers: SharedLru<{ body: Buffer; contentType: string }>;
  /** Capabilities, DescribeFeatureType and legend graphics, keyed by their request and data version; weighed with room for the gzip variant. */
  readonly documents = new Lru<CachedBody>({ maxWeight: 16 * 1024 * 1024, maxEntryWeight: 8 * 1024 * 1024, weigh: (doc) => doc.raw.length * 2, countKeys: true });
  /** How each layer name is drawn: bounded, since any spelling of cvi_<variables> is a layer. */
  readonly looks: Lru<LayerLook>;
  /** Draws GetMap images on worker threads (or inline). */
  readonly renderer: RenderPool;
  /** numberMatched of WFS requests, counted once per filter and data version. */
  readonly matchCounts: MatchCounts;
  private readonly extra: ReadonlyMap<string, FeatureType>;
  private readonly origin: PublicOrigin;
  private readonly versionTtlMs: number;
  private readonly logError: (entry: object) => void;
  private version: { value: string; at: number } | undefined;
  private versionPending: Promise<string> | undefined;
  private geometryTypeCache: { version: string; types: Promise<Map<string, string>> } | undefined;
  private extentCache: { version: string; extents: Promise<Map<string, [number, number, number, number]>> } | undefined;

  constructor(options: OgcServiceOptions) {
    if (!/^[a-z][a-z0-9_]{0,31}$/.test(options.product)) throw new Error(`product must look like "tcs", got "${options.product}"`);
    this.product = options.product;
    this.db = options.db;
    this.legends = new Map(options.legends.map((l) => [l.id, l]));
    this.tiles = new SharedLru(byteLru<Buffer>(options.tileCacheBytes ?? 64 * 1024 * 1024));
    const featureBytes = options.featureCacheBytes ?? 32 * 1024 * 1024;
    this.featureAnswers = new SharedLru(new Lru({ maxWeight: featureBytes, maxEntryWeight: featureBytes / 4, weigh: (a) => a.body.length, countKeys: true }));
    this.looks = new Lru<LayerLook>({ maxWeight: options.lookCacheEntries ?? 256, maxEntryWeight: 1 });
    this.origin = publicOrigin(options);
    this.versionTtlMs = options.datasetVersionTtlMs ?? DATASET_VERSION_TTL_MS;
    this.logError = options.logError ?? rateLimitedLog((entry) => process.stderr.write(`${JSON.stringify(entry)}\n`));
    this.extra = new Map((options.extraFeatureTypes ?? []).map((ft) => [ft.name, ft]));
    this.renderer = new RenderPool(options.renderThreads ?? defaultRenderThreads());
    this.matchCounts = new MatchCounts(this.db, () => this.datasetVersion());
  }

  /** Starts the render workers ahead of the first GetMap (RenderPool.warm). */
  warmUp(): Promise<void> {
    return this.renderer.warm();
  }

  /** Stops the render workers (they never keep the process alive, so this is optional). */
  close(): void {
    this.renderer.close();
  }

  /** Every layer served: the registry's and any extra ones. */
  layers(): FeatureType[] {
    return publishedLayers(this.extra);
  }

  /** The feature type of a requested name, or an OgcError with `code`. */
  resolve(name: string, locator: string, code: 'LayerNotDefined' | 'InvalidParameterValue'): FeatureType {
    return resolveLayer(name, this.product, locator, code, this.extra);
  }

  get workspace(): string {
    return `${this.product}_postgres`;
  }

  /** The path of an endpoint: /geoserver/{product}_postgres/{wms|wfs|ows}. */
  path(endpoint: Endpoint): string {
    return `/geoserver/${this.workspace}/${endpoint}`;
  }

  look(ft: FeatureType): LayerLook {
    let look = this.looks.get(ft.name);
    if (!look) {
      look = layerLook(ft, this.legends);
      this.looks.set(ft.name, look);
    }
    return look;
  }

  /** A fingerprint of the data, re-read at most every few seconds (part of tile ETags). */
  async datasetVersion(): Promise<string> {
    const now = Date.now();
    if (this.version && now - this.version.at < this.versionTtlMs) return this.version.value;
    this.versionPending ??= queryDatasetVersion(this.db)
      .then((raw) => {
        const value = createHash('sha256').update(raw).digest('base64url').slice(0, 16);
        if (this.version && this.version.value !== value) this.onDataChanged();
        this.version = { value, at: Date.now() };
        return value;
      })
      .finally(() => {
        this.versionPending = undefined;
      });
    return this.versionPending;
  }

  private onDataChanged(): void {
    this.tiles.clear();
    this.featureAnswers.clear();
    this.documents.clear();
    this.matchCounts.clear();
  }

  /** Extent of each table behind the layers, cached per dataset version. */
  async extents(): Promise<Map<string, [number, number, number, number]>> {
    const version = await this.datasetVersion();
    if (!this.extentCache || this.extentCache.version !== version) {
      const tables = new Set<string>();
      for (const ft of this.layers()) tables.add(ft.kind === 'vector' ? ft.table : ft.landTable);
      const extents = queryTableExtents(this.db, [...tables].sort());
      extents.catch(() => {
        if (this.extentCache?.extents === extents) this.extentCache = undefined;
      });
      this.extentCache = { version, extents };
    }
    return this.extentCache.extents;
  }

  /** Geometry type of each table (geometry_columns), cached per dataset version: DescribeFeatureType declares them. */
  async geometryTypes(): Promise<Map<string, string>> {
    const version = await this.datasetVersion();
    if (!this.geometryTypeCache || this.geometryTypeCache.version !== version) {
      const types = this.db
        .query<{ t: string; type: string }>(`SELECT f_table_name AS t, type FROM geometry_columns WHERE f_table_schema = 'public' AND f_geometry_column = 'geom'`)
        .then(({ rows }) => new Map(rows.map((r) => [r.t, r.type])));
      types.catch(() => {
        if (this.geometryTypeCache?.types === types) this.geometryTypeCache = undefined;
      });
      this.geometryTypeCache = { version, types };
    }
    return this.geometryTypeCache.types;
  }

  /** The public URL of an endpoint as the client sees it. */
  endpointUrl(req: IncomingMessage, endpoint: Endpoint): string {
    return `${this.origin.resolve(req)}${this.path(endpoint)}`;
  }

  async fail(ctx: RequestContext, error: unknown, service: ServiceName, version: string, kvp?: Kvp): Promise<void> {
    const { error: report, unexpected } = toOgcError(error);
    if (unexpected) {
      this.logError({ level: 'error', where: 'ogc', method: ctx.req.method, path: ctx.pathname, error: String(error) });
    }
    if (ctx.res.headersSent) {
      ctx.res.destroy();
      return;
    }
    await sendFailure(ctx.res, report, service, version, kvp);
  }

  // ------------------------------------------------------------------ responses

  /** A document built once and served many times (capabilities, schemas, legends) with ETag/304 and gzip. */
  async sendDocument(r: OgcRequest, key: string, contentType: string, build: () => Promise<Buffer | string> | Buffer | string): Promise<void> {
    const version = await this.datasetVersion();
    const fullKey = `${version}|${key}`;
    let doc = this.documents.get(fullKey);
    if (!doc) {
      const built = await build();
      doc = new CachedBody(typeof built === 'string' ? Buffer.from(built) : built, contentType, 'public, max-age=300');
      this.documents.set(fullKey, doc);
    }
    addVary(r.ctx.res, ...this.origin.vary);
    await sendCached(r.ctx, doc);
  }

  /**
   * A generated body with a given ETag: 304 when the client holds it, gzip (fast level) when
   * the type is textual and the client accepts it.
   */
  async sendBody(r: OgcRequest, body: Buffer, o: { contentType: string; etag?: string; cacheControl: string; compressible: boolean }): Promise<void> {
    const { req, res } = r.ctx;
    if (o.etag) res.setHeader('ETag', o.etag);
    res.setHeader('Cache-Control', o.cacheControl);
    addVary(res, ...this.origin.vary, ...(o.compressible ? ['Accept-Encoding'] : []));
    if (o.etag && etagMatches(req.headers['if-none-match'], [o.etag])) {
      res.statusCode = 304;
      res.end();
      return;
    }
    let payload = body;
    if (o.compressible && body.length > 1024 && acceptsGzip(req.headers['accept-encoding'])) {
      payload = await gzipAsync(body, { level: 1 });
      res.setHeader('Content-Encoding', 'gzip');
    }
    res.statusCode = 200;
    res.setHeader('Content-Type', o.contentType);
    res.setHeader('Content-Length', payload.length);
    res.end(payload);
  }

  /** A 304 for a known ETag without doing the work. */
  notModified(r: OgcRequest, etag: string, cacheControl: string): boolean {
    if (!etagMatches(r.ctx.req.headers['if-none-match'], [etag])) return false;
    r.ctx.res.writeHead(304, { ETag: etag, 'Cache-Control': cacheControl });
    r.ctx.res.end();
    return true;
  }
}
