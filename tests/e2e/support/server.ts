// Starts the app server in-process on a random port for a config directory, with the real client
// build (dist/, built once when missing or stale).
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppServer } from '../../../src/server/app.ts';
import { ensureClientBuilt } from '../../../src/server/build-if-needed.ts';
import { useCatalog } from '../../../src/server/data/catalog.ts';
import { formatConfigError, loadConfigDir } from '../../../src/loader/loadConfig.ts';
import type { AtlasDoc } from '../../../src/engine/atlasTypes.ts';
import type { ConfigBundle } from '../../../src/engine/types.ts';
import type { Database } from '../../../src/server/db/types.ts';

export const ROOT_DIR = fileURLToPath(new URL('../../..', import.meta.url));
export const CONFIG_DIR = path.join(ROOT_DIR, 'config');

export interface RunningApp {
  /** e.g. http://127.0.0.1:41234 (no trailing slash). */
  origin: string;
  /** Absolute URL of a path under the base path: url('cmline') -> http://127.0.0.1:41234/maps/cmline */
  url: (pathUnderBase?: string) => string;
  bundle: ConfigBundle;
  close: () => Promise<void>;
}

let built: Promise<void> | undefined;

/** Builds dist/ once per process when it is missing or older than its inputs. */
export function ensureBuilt(): Promise<void> {
  built ??= ensureClientBuilt(ROOT_DIR);
  return built;
}

/** Loads and validates a config directory; throws with the formatted errors when it is invalid.
 *  The server publishes its layer catalog from then on (as npm start does with the one it loaded). */
export async function loadBundle(configDir: string): Promise<ConfigBundle> {
  return (await loadConfig(configDir)).bundle;
}

/** The bundle and the server's atlas config (config/atlas.yaml, when there is one). */
async function loadConfig(configDir: string): Promise<{ bundle: ConfigBundle; atlas?: AtlasDoc }> {
  const loaded = await loadConfigDir(configDir);
  if (!loaded.ok) throw new Error(`invalid config ${configDir}:\n${loaded.errors.map(formatConfigError).join('\n')}`);
  useCatalog(loaded.catalog.doc, loaded.catalog.layers);
  return { bundle: loaded.bundle, ...(loaded.atlas ? { atlas: loaded.atlas } : {}) };
}

/** The app for a config directory; with `db`, also the provider backend (router, WMS/WFS, data files);
 *  with `distDir`, another client build than this checkout's dist/ (a benchmark's A/B run). */
export async function startApp(configDir: string = CONFIG_DIR, options: { db?: Database; distDir?: string } = {}): Promise<RunningApp> {
  const [{ bundle, atlas }] = await Promise.all([loadConfig(configDir), options.distDir ? null : ensureBuilt()]);
  const basePath = bundle.app.basePath.replace(/\/+$/, '');
  const assets = bundle.app.backend.assets;
  const server: Server = createAppServer({
    basePath,
    product: bundle.app.product,
    distDir: options.distDir ?? path.join(ROOT_DIR, 'dist'),
    clientConfigJson: JSON.stringify(bundle),
    ...(options.db ? { db: options.db, legends: bundle.legends, glossary: bundle.glossary, ...(assets?.startsWith('/') ? { assetsPath: assets } : {}) } : {}),
    ...(options.db && atlas ? { atlas: { atlas, bundle } } : {}),
    log: () => {},
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    url: (p = '') => `${origin}${basePath}/${p.replace(/^\/+/, '')}`,
    bundle,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Every page of the config: one entry per topic variant ('' is the topic's index). */
export function allRoutes(bundle: ConfigBundle): Array<{ route: string; path: string; title: string; variant: ConfigBundle['topics'][number]['variants'][number] }> {
  return bundle.topics.flatMap((t) =>
    t.variants.map((v) => ({ route: t.route, path: v.path === '' ? t.route : `${t.route}/${v.path}`, title: t.title.th, variant: v })),
  );
}
