// `npm start`: validate the config, build the client if stale, then serve it under its base path.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatConfigError, loadConfigDir } from '../engine/node/loadConfig.ts';
import { createAppServer } from './app.ts';
import { ensureClientBuilt } from './build-if-needed.ts';

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

const port = portFromEnv(process.env.PORT);
const host = process.env.HOST ?? '0.0.0.0';
const configDir = path.resolve(process.env.CONFIG_DIR ?? path.join(rootDir, 'config'));

const loaded = await loadConfigDir(configDir);
if (!loaded.ok) fail(loaded.errors.map(formatConfigError).join('\n'));
console.log(loaded.summary);

await ensureClientBuilt(rootDir).catch((error: unknown) => fail(`Client build failed: ${String(error)}`));

const { basePath, product } = loaded.bundle.app;
const server = createAppServer({
  basePath,
  product,
  distDir: path.join(rootDir, 'dist'),
  clientConfigJson: JSON.stringify(loaded.bundle),
});
server.on('error', (error) => fail(`Cannot listen on ${host}:${port}: ${error.message}`));
server.listen(port, host, () => {
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  console.log(`Serving http://localhost:${actualPort}${basePath.replace(/\/+$/, '')}/`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    server.closeIdleConnections(); // keep-alive sockets would otherwise hold close() open
  });
}
