// A small pool of render worker threads for GetMap. Node runs JavaScript on one thread; parsing
// the rows and drawing them with @napi-rs/canvas are CPU work, so with several requests at once
// (map clients fetch tiles 4-6 at a time) the main thread would be the bottleneck: measured against
// MapServer's 4 FastCGI processes, one thread managed half their tiles/s at concurrency 4. Workers
// start lazily, do not keep the process alive, and when they cannot start (or one crashes) the
// images are drawn inline instead.

import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { serverBundle } from '../bundle.ts';
import { ensureFonts } from './render/fonts.ts';
import { runRenderJob, type RenderJob } from './renderJob.ts';

/** The bundled worker under `npm start`; otherwise the TypeScript one, which registers tsx itself. */
const WORKER_ENTRY = new URL(serverBundle()?.renderWorker ?? new URL('./renderWorker.mjs', import.meta.url));

interface Pending {
  resolve: (image: Buffer) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  pending: Map<number, Pending>;
}

/** Default: one worker per core, at most 4; none on a single core. */
export function defaultRenderThreads(): number {
  const cores = availableParallelism();
  return cores < 2 ? 0 : Math.min(4, cores);
}

export class RenderPool {
  private slots: Slot[] = [];
  private nextId = 1;
  private broken = false;
  /** Images drawn on workers and inline (for tests and diagnostics). */
  readonly drawn = { worker: 0, inline: 0 };

  /** Workers started and not stopped (for tests and diagnostics). */
  get workers(): number {
    return this.slots.length;
  }

  constructor(private readonly size: number) {}

  /** Draws on a worker when there are any, inline otherwise. */
  async render(job: RenderJob): Promise<Buffer> {
    if (this.size <= 0 || this.broken) return this.inline(job);
    let slot: Slot;
    try {
      slot = this.pick();
      await slot.ready;
    } catch {
      this.broken = true;
      this.close();
      return this.inline(job);
    }
    this.drawn.worker++;
    const id = this.nextId++;
    return new Promise<Buffer>((resolve, reject) => {
      slot.pending.set(id, { resolve, reject });
      slot.worker.postMessage({ id, job });
    });
  }

  /**
   * Starts every worker the pool may have and resolves when they can draw (inline: loads the
   * canvas binding and the fonts here). npm start calls it once it serves, so that a visitor's
   * first map after a restart waits for no worker: its first 256 px tile took 0.25 s without,
   * 0.11-0.15 s with (PostGIS warm in both).
   */
  async warm(): Promise<void> {
    if (this.size <= 0 || this.broken) return ensureFonts();
    while (this.slots.length < this.size) this.start();
    await Promise.all(this.slots.map((slot) => slot.ready)).catch(() => undefined); // a failed start is met again by render()
  }

  private inline(job: RenderJob): Promise<Buffer> {
    this.drawn.inline++;
    return runRenderJob(job);
  }

  /** The least busy worker, starting one when fewer than `size` run. */
  private pick(): Slot {
    const idle = this.slots.find((s) => s.pending.size === 0);
    if (idle) return idle;
    if (this.slots.length < this.size) return this.start();
    return this.slots.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
  }

  private start(): Slot {
    const worker = new Worker(WORKER_ENTRY);
    worker.unref();
    const pending = new Map<number, Pending>();
    let markReady: () => void = () => undefined;
    let failStart: (error: Error) => void = () => undefined;
    const ready = new Promise<void>((resolve, reject) => {
      markReady = resolve;
      failStart = reject;
    });
    ready.catch(() => undefined); // a failed start is handled where it is awaited
    const slot: Slot = { worker, ready, pending };
    worker.on('message', (m: { ready?: true; id?: number; image?: Uint8Array; error?: string }) => {
      if (m.ready) return markReady();
      const p = m.id !== undefined ? pending.get(m.id) : undefined;
      if (!p) return;
      pending.delete(m.id!);
      if (m.image) p.resolve(Buffer.from(m.image.buffer, m.image.byteOffset, m.image.byteLength));
      else p.reject(new Error(`render worker: ${m.error ?? 'failed'}`));
    });
    const fail = (error: Error) => {
      failStart(error);
      for (const p of pending.values()) p.reject(error);
      pending.clear();
      this.slots = this.slots.filter((s) => s !== slot);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`render worker exited (${code})`)));
    this.slots.push(slot);
    return slot;
  }

  close(): void {
    for (const s of this.slots) void s.worker.terminate();
    this.slots = [];
  }
}
