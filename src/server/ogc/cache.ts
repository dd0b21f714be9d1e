// Least-recently-used caches with a budget: every cache the OGC service keeps is one of these, so
// no request stream (e.g. endless new spellings of cvi_* layer names) can grow memory without
// bound. The weight of an entry is what `weigh` says (bytes, or 1 for an entry budget) plus
// ENTRY_OVERHEAD and its key, so many tiny entries cannot hide behind a byte budget either.

/** Approximate bytes of bookkeeping per entry (Map slot, key string header, wrapper). */
const ENTRY_OVERHEAD = 128;

interface LruOptions<V> {
  /** Total budget in the unit of `weigh` (0 turns the cache off). */
  maxWeight: number;
  /** Entries heavier than this are not kept (default: a sixteenth of the budget). */
  maxEntryWeight?: number;
  /** Weight of a value; default 1 (an entry budget). */
  weigh?: (value: V) => number;
  /** Count the key and ENTRY_OVERHEAD as bytes (byte budgets); default false. */
  countKeys?: boolean;
}

export class Lru<V> {
  private readonly map = new Map<string, { value: V; weight: number }>();
  private weight = 0;
  private readonly maxWeight: number;
  private readonly maxEntryWeight: number;
  private readonly weigh: (value: V) => number;
  private readonly countKeys: boolean;

  constructor(options: LruOptions<V>) {
    this.maxWeight = options.maxWeight;
    this.maxEntryWeight = options.maxEntryWeight ?? Math.max(1, Math.floor(options.maxWeight / 16));
    this.weigh = options.weigh ?? (() => 1);
    this.countKeys = options.countKeys ?? false;
  }

  get(key: string): V | undefined {
    const entry = this.map.get(key);
    if (entry === undefined) return undefined;
    this.map.delete(key);
    this.map.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V): void {
    const weight = this.weigh(value) + (this.countKeys ? ENTRY_OVERHEAD + key.length * 2 : 0);
    if (this.maxWeight <= 0 || weight > this.maxEntryWeight) return;
    this.delete(key);
    this.map.set(key, { value, weight });
    this.weight += weight;
    while (this.weight > this.maxWeight) {
      const oldest = this.map.keys().next();
      if (oldest.done) break;
      this.delete(oldest.value);
    }
  }

  delete(key: string): void {
    const old = this.map.get(key);
    if (old === undefined) return;
    this.weight -= old.weight;
    this.map.delete(key);
  }

  clear(): void {
    this.map.clear();
    this.weight = 0;
  }

  get size(): number {
    return this.map.size;
  }

  /** The budget used, in the unit of `weigh` (plus key bytes when counted). */
  get totalWeight(): number {
    return this.weight;
  }
}

/** An LRU bounded by bytes: buffers and bodies (`length` bytes each), keys and bookkeeping counted. */
export function byteLru<V extends { length: number }>(maxBytes: number, maxEntryBytes?: number): Lru<V> {
  return new Lru<V>({ maxWeight: maxBytes, weigh: (v) => v.length, countKeys: true, ...(maxEntryBytes !== undefined ? { maxEntryWeight: maxEntryBytes } : {}) });
}

/**
 * An LRU whose misses are computed once: concurrent requests for one key share the computation,
 * and a failure is not kept (the next request tries again).
 */
export class SharedLru<V> {
  private readonly pending = new Map<string, Promise<V>>();

  constructor(private readonly lru: Lru<V>) {}

  get(key: string, compute: () => Promise<V>): Promise<V> {
    const hit = this.lru.get(key);
    if (hit !== undefined) return Promise.resolve(hit);
    let running = this.pending.get(key);
    if (!running) {
      running = compute().then(
        (value) => {
          this.pending.delete(key);
          this.lru.set(key, value);
          return value;
        },
        (error: unknown) => {
          this.pending.delete(key);
          throw error;
        },
      );
      this.pending.set(key, running);
    }
    return running;
  }

  clear(): void {
    this.lru.clear();
  }

  /** The budget used (see Lru.totalWeight). */
  get totalWeight(): number {
    return this.lru.totalWeight;
  }
}
