import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { loadConfigDir, formatConfigError } from './src/loader/loadConfig.ts';
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

// The map view is loaded lazily (ui/shell/MapLayout.tsx) so MapLibre is not part of the shell's
// JS, yet every map page needs it at once: dist/index.html preloads the map view's chunk and its
// static imports (MapLibre's chunk among them), which then download alongside the shell instead
// of after it has run. Vite preloads only the entry's static imports by itself.
const PRELOADED_LAZY_MODULES = ['src/map/MapView.tsx'];
function preloadLazyModules(): Plugin {
  let base = '/';
  return {
    name: 'preload-lazy-modules',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return;
        const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
        const initial = new Set<string>();
        const addStatic = (fileName: string, into: Set<string>) => {
          if (into.has(fileName)) return;
          into.add(fileName);
          const chunk = bundle[fileName];
          if (chunk?.type === 'chunk') chunk.imports.forEach((f) => addStatic(f, into));
        };
        if (ctx.chunk) addStatic(ctx.chunk.fileName, initial);
        const files = new Set<string>();
        for (const module of PRELOADED_LAZY_MODULES) {
          const chunk = chunks.find((c) => c.facadeModuleId === path.resolve(module));
          if (!chunk) throw new Error(`preload-lazy-modules: no chunk for ${module} (is it still imported lazily?)`);
          addStatic(chunk.fileName, files);
        }
        const lazyFiles = [...files].filter((f) => !initial.has(f));
        // Their stylesheets too: else the lazy import() asks for them only once the shell runs,
        // and MapView waits one more round trip (Vite skips a stylesheet the page already has).
        const styles = lazyFiles.flatMap((f) => {
          const chunk = bundle[f];
          return chunk?.type === 'chunk' ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
        });
        return [
          ...lazyFiles.map((f) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${f}` }, injectTo: 'head' as const })),
          ...styles.map((f) => ({ tag: 'link', attrs: { rel: 'stylesheet', crossorigin: true, href: `${base}${f}` }, injectTo: 'head' as const })),
        ];
      },
    },
  };
}

// The shell's web fonts (src/ui/fonts.css, font-display: swap) were fetched only once the first
// layout had used them, ~1.1 s into a map page, and their arrival laid out and painted the whole
// shell again just before the map started. dist/index.html now preloads the fonts the entry's
// stylesheet names, so the first layout already has them.
function preloadEntryFonts(): Plugin {
  return {
    name: 'preload-entry-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        const css = ctx.chunk?.viteMetadata?.importedCss ?? new Set<string>();
        if (!bundle) return;
        const fonts = new Set<string>();
        for (const file of css) {
          const asset = bundle[file];
          const text = asset?.type === 'asset' ? String(asset.source) : '';
          for (const match of text.matchAll(/url\(["']?([^"')]+\.(ttf|otf|woff2?))["']?\)/g)) fonts.add(match[1]!);
        }
        const type = (url: string) => `font/${url.slice(url.lastIndexOf('.') + 1)}`;
        return [...fonts].map((href) => ({ tag: 'link', attrs: { rel: 'preload', as: 'font', type: type(href), crossorigin: true, href }, injectTo: 'head' as const }));
      },
    },
  };
}

export default defineConfig({
  base: '/maps/',
  plugins: [react(), appConfig(), formFilesPlugin(), preloadLazyModules(), preloadEntryFonts()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    // dist/.vite/manifest.json: which chunks the entry imports statically (the initial JS that
    // tests/e2e/bundle-size.test.ts and npm run bench:client measure).
    manifest: true,
    chunkSizeWarningLimit: 1500,
  },
  // the proposal PDF worker (src/proposal/pdf/worker.ts) loads its fonts lazily: a code-split worker
  worker: { format: 'es' },
  server: {
    proxy: {
      '^/(tcs|geoserver)/': { target: `http://localhost:${process.env.BACKEND_PORT ?? 8080}` },
      '/maps/basemap': { target: `http://localhost:${process.env.BACKEND_PORT ?? 8080}` },
    },
  },
});
