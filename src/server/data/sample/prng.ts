// Seeded randomness for the sample dataset: the same seed gives the same numbers on every run and
// machine (no Math.random, no clock). Streams are derived from string keys, so adding a stream
// does not shift the numbers of the others.

/** 32-bit FNV-1a hash of a string, then avalanche-mixed. */
function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export class Rng {
  #state: number;

  constructor(seed: string | number) {
    this.#state = typeof seed === 'number' ? seed >>> 0 : hashString(seed);
  }

  /** A new independent stream named `key` under this one's seed. */
  fork(key: string): Rng {
    return new Rng(hashString(`${this.#state}:${key}`));
  }

  /** Uniform in [0, 1) (mulberry32). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Picks by weight: `weights[i]` for `items[i]`. */
  weighted<T>(items: readonly T[], weights: readonly number[]): T {
    const total = weights.reduce((sum, w) => sum + w, 0);
    let r = this.next() * total;
    for (let i = 0; i < items.length; i++) {
      r -= weights[i]!;
      if (r < 0) return items[i]!;
    }
    return items[items.length - 1]!;
  }

  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }

  /** Standard normal (Box-Muller). */
  normal(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }
}

/**
 * Smooth 1-D noise along a distance axis: values drawn at knots `spacing` apart, joined by a
 * cubic (Catmull-Rom) curve, so the result changes gradually over about one spacing. Beyond
 * `length` it holds its last value.
 */
export function smoothNoise(rng: Rng, spacing: number, length: number, draw: (r: Rng) => number): (s: number) => number {
  const count = Math.ceil(length / spacing) + 4;
  const knots = Array.from({ length: count }, () => draw(rng));
  return (s: number) => {
    const x = Math.min(Math.max(0, s) / spacing + 1, count - 2);
    const i = Math.min(Math.floor(x), count - 3);
    const t = x - i;
    const p0 = knots[i - 1]!;
    const p1 = knots[i]!;
    const p2 = knots[i + 1]!;
    const p3 = knots[i + 2]!;
    return 0.5 * (2 * p1 + (-p0 + p2) * t + (2 * p0 - 5 * p1 + 4 * p2 - p3) * t * t + (-p0 + 3 * p1 - 3 * p2 + p3) * t * t * t);
  };
}

/** Smooth noise on a closed loop of the given length (islands): a sum of whole-period waves. */
export function loopNoise(rng: Rng, length: number, waves: number, amplitude: number): (s: number) => number {
  const terms = Array.from({ length: waves }, (_, k) => ({
    k: k + 1,
    a: (amplitude * rng.normal()) / Math.sqrt(k + 1),
    phase: rng.range(0, 2 * Math.PI),
  }));
  return (s: number) => terms.reduce((sum, w) => sum + w.a * Math.sin((2 * Math.PI * w.k * s) / length + w.phase), 0);
}
