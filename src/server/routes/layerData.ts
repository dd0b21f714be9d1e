// Lists and totals of a published layer beside the router (issue 23 item 2), GET only:
//   /{product}/v2/values?layer=<name>&value=<col>[&label=<col>][&sort=value|label][&order=desc][&filter.<col>=<v>...]
//   /{product}/v2/totals?layer=<name>&op=sum|count|mean[&field=<col>][&groupBy=<col>,<col>][&filter.<col>=<v>...]
// Answers are the router's envelope {errors: '', data: [...]}. Only catalog attributes are
// accepted (400 naming them otherwise), values are bound, at most one WFS answer's worth of rows
// (MAX_COUNT), and the caching is WFS GetFeature's: an ETag of the request and the data version,
// `Cache-Control: no-cache`, 304 without touching the tables.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { resolveFeatureType, type VectorFeatureType } from '../data/featureTypes.ts';
import { LayerDataError, layerTotals, layerValues, type ColumnFilters, type TotalsOp } from '../data/layerData.ts';
import { datasetVersionReader } from '../db/datasetVersion.ts';
import { databaseFailure } from '../db/errors.ts';
import type { Database } from '../db/types.ts';
import { withCors } from '../http/cors.ts';
import { JSON_TYPE } from '../http/json.ts';
import { sendJsonFailure } from '../http/jsonFailure.ts';
import { acceptsGzip, etagMatches } from '../http/negotiate.ts';
import type { RequestContext, Route } from '../http/routeTable.ts';
import { addVary } from '../http/vary.ts';
import { allowedPrefixes } from '../ogc/layers.ts';
import { MAX_COUNT } from '../ogc/wfs/names.ts';
import { MAX_QUERY_LENGTH } from '../pageApi/index.ts';

const gzipAsync = promisify(gzip);
const CACHE_CONTROL = 'no-cache';
const MAX_GROUP_COLUMNS = 5;
const FILTER_PREFIX = 'filter.';

interface LayerDataRoutesOptions {
  product: string;
  db: Database;
  logError?: (entry: object) => void;
}

type Kind = 'values' | 'totals';
const KNOWN: Record<Kind, readonly string[]> = {
  values: ['layer', 'value', 'label', 'sort', 'order'],
  totals: ['layer', 'op', 'field', 'groupBy'],
};

function one(query: URLSearchParams, name: string, required: true): string;
function one(query: URLSearchParams, name: string, required?: false): string | undefined;
function one(query: URLSearchParams, name: string, required = false): string | undefined {
  const all = query.getAll(name);
  if (all.length > 1) throw new LayerDataError(`parameter ${name} given ${all.length} times`);
  const value = all[0]?.trim();
  if (required && !value) throw new LayerDataError(`missing parameter ${name}`);
  return value === '' ? undefined : value;
}

function choice<T extends string>(query: URLSearchParams, name: string, allowed: readonly T[], fallback: T): T {
  const value = one(query, name) ?? fallback;
  if (!allowed.includes(value as T)) throw new LayerDataError(`${name} must be one of ${allowed.join(', ')}`);
  return value as T;
}

/** The published vector layer a request names (bare or with the product's prefix). */
function layerOf(query: URLSearchParams, product: string): VectorFeatureType {
  const raw = one(query, 'layer', true);
  const colon = raw.indexOf(':');
  const bare = colon >= 0 && allowedPrefixes(product).includes(raw.slice(0, colon)) ? raw.slice(colon + 1) : raw;
  const ft = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/.test(bare) ? resolveFeatureType(bare) : undefined;
  if (!ft) throw new LayerDataError(`layer "${raw.slice(0, 80)}" is not published by the layer catalog`);
  if (ft.kind !== 'vector') throw new LayerDataError(`layer ${ft.name} is a picture, not a vector layer`);
  return ft;
}

/** `filter.<column>=<value>` parameters (repeated for several values); any other name is refused. */
function filtersOf(query: URLSearchParams, kind: Kind): ColumnFilters {
  const filters = new Map<string, string[]>();
  for (const [key, value] of query) {
    if (key.startsWith(FILTER_PREFIX)) filters.set(key.slice(FILTER_PREFIX.length), [...(filters.get(key.slice(FILTER_PREFIX.length)) ?? []), value]);
    else if (!KNOWN[kind].includes(key)) throw new LayerDataError(`unknown parameter "${key.slice(0, 40)}" (${KNOWN[kind].join(', ')}, or ${FILTER_PREFIX}<column>)`);
  }
  return [...filters];
}

async function answer(db: Database, kind: Kind, query: URLSearchParams, product: string): Promise<unknown[]> {
  const ft = layerOf(query, product);
  const filters = filtersOf(query, kind);
  if (kind === 'values') {
    const label = one(query, 'label');
    return layerValues(db, ft, {
      value: one(query, 'value', true),
      ...(label !== undefined ? { label } : {}),
      filters,
      sort: choice(query, 'sort', ['value', 'label'], label !== undefined ? 'label' : 'value'),
      descending: choice(query, 'order', ['asc', 'desc'], 'asc') === 'desc',
    }, MAX_COUNT);
  }
  const field = one(query, 'field');
  const groupBy = (one(query, 'groupBy') ?? '').split(',').map((g) => g.trim()).filter(Boolean);
  if (groupBy.length > MAX_GROUP_COLUMNS) throw new LayerDataError(`groupBy takes at most ${MAX_GROUP_COLUMNS} columns`);
  const op = choice<TotalsOp>(query, 'op', ['sum', 'count', 'mean'], 'sum');
  return layerTotals(db, ft, { op, ...(field !== undefined ? { field } : {}), groupBy, filters }, MAX_COUNT);
}

function failure(error: unknown): { status: number; message: string } | null {
  if (error instanceof LayerDataError) return { status: 400, message: error.message };
  return databaseFailure(error);
}

export function layerDataRoutes(options: LayerDataRoutesOptions): Route[] {
  const dataVersion = datasetVersionReader(options.db);
  const log = options.logError ?? ((entry: object) => process.stderr.write(`${JSON.stringify(entry)}\n`));

  const handler = (kind: Kind) => async (ctx: RequestContext): Promise<void> => {
    const { req, res } = ctx;
    try {
      const rawUrl = req.url ?? '';
      const q = rawUrl.indexOf('?');
      if (q >= 0 && rawUrl.length - q - 1 > MAX_QUERY_LENGTH) throw new LayerDataError(`query longer than ${MAX_QUERY_LENGTH} characters`);
      const key = JSON.stringify([kind, [...ctx.query].sort(), await dataVersion()]);
      const etag = `"${kind}-${createHash('sha256').update(key).digest('base64url').slice(0, 27)}"`;
      res.setHeader('ETag', etag);
      res.setHeader('Cache-Control', CACHE_CONTROL);
      addVary(res, 'Accept-Encoding');
      if (etagMatches(req.headers['if-none-match'], [etag])) {
        res.statusCode = 304;
        res.end();
        return;
      }
      const body = Buffer.from(JSON.stringify({ errors: '', data: await answer(options.db, kind, ctx.query, options.product) }));
      const zipped = body.length > 1024 && acceptsGzip(req.headers['accept-encoding']) ? await gzipAsync(body, { level: 1 }) : undefined;
      if (zipped) res.setHeader('Content-Encoding', 'gzip');
      res.writeHead(200, { 'Content-Type': JSON_TYPE, 'Content-Length': (zipped ?? body).length });
      res.end(zipped ?? body);
    } catch (error) {
      if (!res.headersSent) res.removeHeader('ETag');
      sendJsonFailure(ctx, error, failure(error), log, kind);
    }
  };
  return withCors((['values', 'totals'] as const).map((kind) => ({ methods: ['GET'] as const, pattern: `/${options.product}/v2/${kind}`, handler: handler(kind) })));
}
