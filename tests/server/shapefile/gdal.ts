// GDAL (Debian gdal-bin) as an independent shapefile reader and writer in tests. It is required,
// not optional: CI installs it.

import { execFileSync } from 'node:child_process';

export function requireGdal(): void {
  try {
    execFileSync('ogrinfo', ['--version'], { stdio: 'pipe' });
  } catch {
    throw new Error('GDAL is required for these tests: `ogrinfo` was not found. Install it with `apt-get install gdal-bin` (CI installs gdal-bin).');
  }
}

function run(command: string, args: readonly string[]): string {
  return execFileSync(command, [...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CPL_LOG: '/dev/null' } });
}

export const ogrinfo = (...args: string[]): string => run('ogrinfo', args);
export const ogr2ogr = (...args: string[]): string => run('ogr2ogr', args);

export interface OgrSummary {
  geometry: string;
  count: number;
  extent: [number, number, number, number] | null;
  fields: Record<string, string>;
}

/** Parses `ogrinfo -al -so` of a one-layer source. */
export function ogrSummary(file: string): OgrSummary {
  const text = ogrinfo('-ro', '-al', '-so', file);
  const geometry = /^Geometry: (.+)$/m.exec(text)?.[1] ?? '';
  const count = Number(/^Feature Count: (\d+)$/m.exec(text)?.[1]);
  const e = /^Extent: \(([-\d.e]+), ([-\d.e]+)\) - \(([-\d.e]+), ([-\d.e]+)\)$/m.exec(text);
  const extent = e ? ([Number(e[1]), Number(e[2]), Number(e[3]), Number(e[4])] as [number, number, number, number]) : null;
  const fields: Record<string, string> = {};
  const after = text.slice(text.indexOf('Data axis to CRS axis mapping'));
  for (const match of after.matchAll(/^(\w+): (\w+) \(/gm)) fields[match[1]!] = match[2]!;
  return { geometry, count, extent, fields };
}

export interface OgrFeature {
  fields: Record<string, string | null>;
  wkt: string;
}

/** Parses `ogrinfo -al` (features with their fields and WKT geometry). */
export function ogrFeatures(file: string): OgrFeature[] {
  const text = ogrinfo('-ro', '-al', '-q', file);
  const features: OgrFeature[] = [];
  for (const block of text.split(/^OGRFeature\(.*\):\d+$/m).slice(1)) {
    const fields: Record<string, string | null> = {};
    let wkt = '';
    for (const line of block.split('\n')) {
      const field = /^ {2}(\w+) \([\w ]+\) = (.*)$/.exec(line);
      if (field) fields[field[1]!] = field[2] === '(null)' ? null : field[2]!;
      else if (/^ {2}[A-Z]+/.test(line)) wkt = line.trim();
    }
    features.push({ fields, wkt });
  }
  return features;
}
