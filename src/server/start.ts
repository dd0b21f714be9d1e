// `npm start` (through src/server/launch.mjs, which runs this from its bundle): validate the config, open the database (embedded PGlite in data/pglite, or
// PostgreSQL/PostGIS via DATABASE_URL, optionally serving through DATABASE_READ_URL; migrate, and
// load the sample dataset into an empty one) while the client is built if stale, then serve the
// app and the provider backend.
//
// Only what opening the database needs is imported up front, so the open starts at once and its
// waits (file reads, WebAssembly compilation) overlap loading the rest of the server and its
// packages (the bundle is split at these dynamic imports) and validating the config.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverBundle } from './bundle.ts';
import { openServingDatabase } from './database.ts';
import type { EnsureReport } from './db/index.ts';
import type { ManagedDatabase } from './db/types.ts';
import { parseRequestTimeout } from './http/deadline.ts';
import { parsePublicUrl, parseTrustedProxies } from './http/publicUrl.ts';
import { parseAllowOrigins } from './proxy/allowList.ts';

const rootDir = fileURLToPath(new URL('../..', import.meta.url));

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function portFromEnv(value: string | undefined): number {
  const port = Number(value ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`PORT must be a port number, got "${value}"`);
  return port;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
/** When the work that need not hold up a start runs after the server serves: PostGIS's library
 *  loaded into PGlite, the render workers started (server.warmUp), the layer catalog's row check
 *  (a warning at most). */
const AFTER_SERVING_MS = 1000;

/** One line: cold or warm start and its times, and whether the data is the sample dataset. */
async function describeDatabase(db: ManagedDatabase, report: EnsureReport, role: string): Promise<string> {
  const { rows } = await db
    .query<{ name: string; version: string; sample: boolean }>('SELECT name, version, sample FROM dataset_info ORDER BY gid')
    .catch(() => ({ rows: [] as { name: string; version: string; sample: boolean }[] }));
  const sample = rows.find((r) => r.sample);
  const data =
    report.data === 'skipped'
      ? 'data not checked'
      : sample
        ? `the SAMPLE dataset (${sample.name} v${sample.version}; generated, not real measurements)`
        : report.data === 'partial'
          ? 'real data (imported; some tables empty)'
          : 'real data (imported)';
  const start =
    report.data === 'generated'
      ? 'cold start (sample dataset generated)'
      : report.data === 'copied'
        ? 'first start (prebuilt sample database copied)'
        : report.migrations.length
          ? 'start with migrations'
          : 'warm start';
  const { open, migrate, seed, total } = report.ms;
  const where = role === 'primary' ? db.description : `${db.description} (read replica; migrated through DATABASE_URL)`;
  return `database: ${where}: ${start} in ${seconds(total)} (open ${seconds(open)}, migrate ${seconds(migrate)}, seed/check ${seconds(seed)}); ${data}`;
}

const port = portFromEnv(process.env.PORT);
const host = process.env.HOST ?? '0.0.0.0';
const configDir = path.resolve(process.env.CONFIG_DIR ?? path.join(rootDir, 'config'));
let allowOrigins: string[] = [];
let publicUrl: string | undefined;
let trustedProxies: string[] = [];
let requestTimeoutMs = 0;
try {
  allowOrigins = parseAllowOrigins(process.env.WMS_PROXY_ALLOW);
  publicUrl = parsePublicUrl(process.env.PUBLIC_URL);
  trustedProxies = parseTrustedProxies(process.env.TRUSTED_PROXIES);
  requestTimeoutMs = parseRequestTimeout(process.env.REQUEST_TIMEOUT_MS);
} catch (error) {
  fail(String((error as Error).message));
}

// The database does not depend on the config or the client build: open it while they run.
const database = openServingDatabase({ sampleTemplate: process.env.PGLITE_SAMPLE_TEMPLATE !== '0' }).catch((error: unknown) => fail(`Database failed: ${String(error)}`));

const [{ formatConfigError }, { createAppServer }, { ensureClientBuilt }, { useCatalog }, { Lifecycle }, { loadConfigCached }, { checkStartData }] = await Promise.all([
  import('../engine/errors.ts'),
  import('./app.ts'),
  import('./build-if-needed.ts'),
  import('./data/catalog.ts'),
  import('./http/lifecycle.ts'),
  import('./configCache.ts'),
  import('./startDataCheck.ts'),
]);
// From its bundle (npm start) the server keeps the validated config between starts; under tsx it validates each time.
const bundle = serverBundle();
const loaded = bundle
  ? await loadConfigCached(configDir, bundle.key, bundle.dir)
  : { ...(await (await import('../loader/loadConfig.ts')).loadConfigDir(configDir)), cached: false };
if (!loaded.ok) fail(loaded.errors.map(formatConfigError).join('\n'));
console.log(`${loaded.summary}${loaded.cached ? ' (validated before, unchanged since)' : ''}`);
useCatalog(loaded.catalog.doc, loaded.catalog.layers);

const [{ db, report, role }] = await Promise.all([
  database,
  ensureClientBuilt(rootDir).catch((error: unknown) => fail(`Client build failed: ${String(error)}`)),
]);
console.log(await describeDatabase(db, report, role));
const dataCheck = await checkStartData(db, configDir, loaded.catalog);
if (dataCheck.refusal) fail(dataCheck.refusal);

const { basePath, product, backend } = loaded.bundle.app;
const lifecycle = new Lifecycle();
const server = createAppServer({
  lifecycle,
  basePath,
  product,
  distDir: path.join(rootDir, 'dist'),
  clientConfigJson: JSON.stringify(withSatelliteKey(loaded.bundle)),
  db,
  legends: loaded.bundle.legends,
  glossary: loaded.bundle.glossary,
  ...(loaded.atlas ? { atlas: { atlas: loaded.atlas, bundle: loaded.bundle } } : {}),
  proxy: { allowOrigins },
  ...(backend.assets?.startsWith('/') ? { assetsPath: backend.assets } : {}),
  ...(publicUrl !== undefined ? { publicUrl } : {}),
  trustedProxies,
  requestTimeoutMs,
});
server.on('error', (error) => fail(`Cannot listen on ${host}:${port}: ${error.message}`));
server.listen(port, host, () => {
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  console.log(`Serving http://localhost:${actualPort}${basePath.replace(/\/+$/, '')}/ (ready ${seconds(process.uptime() * 1000)} after the process started)`);
  if (allowOrigins.length) console.log(`GetFeatureInfo proxy may ask: ${allowOrigins.join(', ')}`);
  // a second later: the first requests after a restart go before this work
  const warmRenderers = () => server.warmUp().catch((error: unknown) => console.error(`The map renderer did not start: ${String(error)}`));
  setTimeout(() => void Promise.all([loadPostgis(db), warmRenderers()]).then(dataCheck.afterServing), AFTER_SERVING_MS).unref();
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    // /readyz turns 503, no new connections, the requests in flight finish; then the database closes (PGlite flushes its files).
    void lifecycle.drain(server, 10_000).then(async (complete) => {
      if (!complete) console.error('Shutdown: requests still running after 10 s were cut');
      await db.close().then(
        () => process.exit(complete ? 0 : 1),
        (error: unknown) => {
          console.error(`Closing the database failed: ${String(error)}`);
          process.exit(1);
        },
      );
    });
  });
}

/**
 * PGlite reads, compiles and links PostGIS's library on the first call of a PostGIS function
 * (postgisFiles.ts: 0.4-0.85 s here): made once the server serves, so that neither the start nor, usually,
 * a visitor's first map waits for it. The call is a transform to web Mercator, the web map's CRS:
 * PostGIS's first one also opens PROJ's database and builds the transformation (~0.3 s), which
 * the first 3857 GetMap otherwise waited for. PostgreSQL loads PostGIS in each connection itself.
 */
async function loadPostgis(db: ManagedDatabase): Promise<void> {
  if (db.kind !== 'pglite') return;
  await db.query('SELECT ST_Transform(ST_SetSRID(ST_MakePoint(100, 13), 4326), 3857)').catch((error: unknown) => console.error(`PostGIS did not load: ${String(error)}`));
}

/** The satellite imagery key comes from the environment (never from config or the repository). */
function withSatelliteKey<B extends { app: { satellite: { keyEnv: string; key?: string } } }>(bundle: B): B {
  const key = process.env[bundle.app.satellite.keyEnv];
  return key ? { ...bundle, app: { ...bundle.app, satellite: { ...bundle.app.satellite, key } } } : bundle;
}
