import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import type { Legend } from '../../../src/engine/types.ts';
import { legendsOfConfig } from '../legendsOfConfig.ts';


/** The real config/legends.yaml, the one the client shows. */
export function loadLegends(): Legend[] {
  return legendsOfConfig();
}

export function legend(id: string): Legend {
  const l = loadLegends().find((x) => x.id === id);
  if (!l) throw new Error(`no legend ${id} in config/legends.yaml`);
  return l;
}

export interface Decoded {
  width: number;
  height: number;
  /** [r, g, b, a] at pixel (x, y). */
  at(x: number, y: number): [number, number, number, number];
  data: Buffer;
}

export function decode(png: Buffer): Decoded {
  const img = PNG.sync.read(png);
  return {
    width: img.width,
    height: img.height,
    data: img.data,
    at(x, y) {
      const i = (y * img.width + x) * 4;
      return [img.data[i]!, img.data[i + 1]!, img.data[i + 2]!, img.data[i + 3]!];
    },
  };
}

/** Writes a PNG where a human can look at it, and returns (and prints) its path. */
export function savePng(name: string, png: Buffer): string {
  const dir = path.join(tmpdir(), 'render-tests');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  writeFileSync(file, png);
  console.log(`wrote ${file}`);
  return file;
}

/** Alpha-weighted centroid of the pixels matching `pick`, in pixel-centre coordinates. */
export function centroid(img: Decoded, pick: (p: [number, number, number, number]) => number): { x: number; y: number; n: number } {
  let sx = 0;
  let sy = 0;
  let sw = 0;
  let n = 0;
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      const w = pick(img.at(x, y));
      if (w > 0) {
        sx += (x + 0.5) * w;
        sy += (y + 0.5) * w;
        sw += w;
        n++;
      }
    }
  }
  return { x: sx / sw, y: sy / sw, n };
}

export function hex(c: [number, number, number, number] | [number, number, number]): string {
  return '#' + [c[0], c[1], c[2]].map((v) => v.toString(16).padStart(2, '0').toUpperCase()).join('');
}

export function countWhere(img: Decoded, pred: (p: [number, number, number, number]) => boolean): number {
  let n = 0;
  for (let y = 0; y < img.height; y++) for (let x = 0; x < img.width; x++) if (pred(img.at(x, y))) n++;
  return n;
}
