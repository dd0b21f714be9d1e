// What src/server/launch.mjs says when the server runs from its esbuild bundle (`npm start`);
// nothing under tsx or vitest.

interface ServerBundle {
  /** SHA-1 over the bundle's source files: the same key means the same server code. */
  key: string;
  /** Its folder, which also keeps the validated config (src/server/configCache.ts). */
  dir: string;
  /** The file URL of the bundled render worker. */
  renderWorker: string;
}

export function serverBundle(env: NodeJS.ProcessEnv = process.env): ServerBundle | undefined {
  const raw = env.TCS_SERVER_BUNDLE;
  if (!raw) return undefined;
  const parsed = JSON.parse(raw) as Partial<ServerBundle>;
  const { key, dir, renderWorker } = parsed;
  return typeof key === 'string' && typeof dir === 'string' && typeof renderWorker === 'string' ? { key, dir, renderWorker } : undefined;
}
