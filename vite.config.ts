import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { loadConfigDir, formatConfigError } from './src/engine/node/loadConfig.ts';
import { injectConfig } from './src/server/client/indexHtml.ts';
import { formFilesPlugin } from './src/proposal/docs/vitePlugin.ts';

// The config is validated on every build and dev start: a bad config stops with
// `file:line:column path: message` lines instead of producing a blank page.
function appConfig(): Plugin {
  const dir = path.resolve(process.env.CONFIG_DIR ?? 'config');
  let json = '';
  const load = async () => {
    const result = await loadConfigDir(dir);
    if (!result.ok) throw new Error(`invalid config:\n${result.errors.map(formatConfigError).join('\n')}`);
    json = JSON.stringify(result.bundle);
  };
  return {
    name: 'app-config',
    async buildStart() {
      await load();
    },
    configureServer(server) {
      server.watcher.add(dir);
      server.watcher.on('change', (file) => {
        if (file.startsWith(dir)) load().then(() => server.ws.send({ type: 'full-reload' })).catch((e: Error) => server.config.logger.error(e.message));
      });
    },
    // In dev, inject like the production server does; the built index.html keeps the marker.
    transformIndexHtml: {
      order: 'post',
      handler: (html, ctx) => (ctx.server ? injectConfig(html, json) : html),
    },
  };
}

export default defineConfig({
  base: '/maps/',
  plugins: [react(), appConfig(), formFilesPlugin()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    proxy: {
      '^/(tcs|geoserver)/': { target: `http://localhost:${process.env.BACKEND_PORT ?? 8080}` },
      '/maps/basemap': { target: `http://localhost:${process.env.BACKEND_PORT ?? 8080}` },
    },
  },
});
