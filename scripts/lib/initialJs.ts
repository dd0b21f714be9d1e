// The JS a page of the built client loads first (issue 13), read from dist/ after `vite build`:
// - initial: the entry chunk and every chunk it imports statically, from dist/.vite/manifest.json
//   (the JS that must download and run before the shell draws; the size budget is on these);
// - preloaded: the other chunks dist/index.html preloads (<link rel=modulepreload>), i.e. the
//   lazily loaded map view and MapLibre, which download alongside the shell.
// Sizes are gzip at zlib level 9. Used by npm run bench:client and tests/e2e/bundle-size.test.ts.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface ChunkSize {
  /** Under dist/, e.g. assets/index-abc123.js */
  file: string;
  raw: number;
  gzip: number;
}

export interface PageJs {
  initial: ChunkSize[];
  preloaded: ChunkSize[];
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

export const totalGzip = (chunks: readonly ChunkSize[]) => chunks.reduce((n, c) => n + c.gzip, 0);

function sizeOf(distDir: string, file: string): ChunkSize {
  const bytes = readFileSync(path.join(distDir, file));
  return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

/** The files dist/index.html preloads (modulepreload links), under dist/. */
function preloadLinks(distDir: string): string[] {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const files: string[] = [];
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    const attr = (name: string) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1];
    const href = attr('href');
    // Every asset lives in assets/ under the base path (/maps/assets/x.js -> assets/x.js).
    if (attr('rel') === 'modulepreload' && href) files.push(href.slice(href.lastIndexOf('/assets/') + 1));
  }
  return files;
}

/** The initial and preloaded JS of the built client in `distDir`. */
export function pageJs(distDir: string): PageJs {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry && key === 'index.html');
  if (!entry) throw new Error(`${manifestFile} has no entry for index.html`);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    manifest[key]!.imports?.forEach(visit);
  };
  visit(entry);
  const initial = [...seen].map((key) => manifest[key]!.file);
  const preloaded = [...new Set(preloadLinks(distDir))].filter((f) => !initial.includes(f));
  return { initial: initial.map((f) => sizeOf(distDir, f)), preloaded: preloaded.map((f) => sizeOf(distDir, f)) };
}

/** The source files a chunk is made of, from its source map (none without a map: the runtime chunk). */
export function chunkSources(distDir: string, file: string): string[] {
  const mapFile = path.join(distDir, `${file}.map`);
  if (!existsSync(mapFile)) return [];
  return (JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] }).sources;
}

/** The npm packages (node_modules/<name>) a chunk draws from. */
export function packagesIn(distDir: string, file: string): Set<string> {
  return new Set(chunkSources(distDir, file).flatMap((s) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(s)?.[1] ?? []));
}
