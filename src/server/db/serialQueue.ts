// A one-slot lock: tasks run one after another. PGlite has a single connection, so every query
// and every transaction goes through one of these. Two lanes (issue 29 aim 7): a task asked for in
// the background (an analytic query cut into short statements, db/priority.ts) waits while
// foreground tasks (tiles, WFS pages, lists) are waiting, so one slow request delays the others by
// one of its statements, not by all of them. After FAIRNESS foreground tasks in a row a waiting
// background task runs, so a steady stream of tiles cannot starve it.

import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';

const FAIRNESS = 8;

export class SerialQueue {
  readonly #holder = new AsyncLocalStorage<SerialQueue>();
  readonly #foreground: Array<() => void> = [];
  readonly #background: Array<() => void> = [];
  #busy = false;
  #foregroundInARow = 0;

  /** True when called from inside a task of this queue (waiting for the queue would deadlock). */
  get heldByCaller(): boolean {
    return this.#holder.getStore() === this;
  }

  run<T>(task: () => Promise<T>, background = false): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      // bound: the task runs in its caller's async context, whichever task's end starts it
      const start = AsyncResource.bind(() => {
        new Promise<T>((done) => done(this.#holder.run(this, task))).then(resolve, reject).finally(() => this.#next());
      });
      (background ? this.#background : this.#foreground).push(start);
      if (!this.#busy) {
        this.#busy = true;
        queueMicrotask(() => this.#next());
      }
    });
  }

  #next(): void {
    const backgroundTurn = this.#background.length > 0 && (this.#foreground.length === 0 || this.#foregroundInARow >= FAIRNESS);
    const start = backgroundTurn ? this.#background.shift() : this.#foreground.shift();
    this.#foregroundInARow = backgroundTurn ? 0 : this.#foregroundInARow + 1;
    if (start) start();
    else this.#busy = false;
  }
}
