// A one-slot lock: tasks run one after another in the order they asked. PGlite has a single
// connection, so every query and every transaction goes through one of these.

import { AsyncLocalStorage } from 'node:async_hooks';

export class SerialQueue {
  #tail: Promise<unknown> = Promise.resolve();
  readonly #holder = new AsyncLocalStorage<SerialQueue>();

  /** True when called from inside a task of this queue (waiting for the queue would deadlock). */
  get heldByCaller(): boolean {
    return this.#holder.getStore() === this;
  }

  run<T>(task: () => Promise<T>): Promise<T> {
    const start = () => this.#holder.run(this, task);
    const result = this.#tail.then(start, start);
    this.#tail = result.catch(() => undefined);
    return result;
  }
}
