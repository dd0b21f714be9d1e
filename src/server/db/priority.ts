// Background work on the database (issue 29 aim 7): queries made inside `inBackground` wait on
// PGlite's one connection while other queries are waiting (db/serialQueue.ts). Analytic requests
// cut their work into short statements and run them here, so tiles and WFS pages pass between
// them. PostgreSQL has a pool and ignores it.

import { AsyncLocalStorage } from 'node:async_hooks';

const background = new AsyncLocalStorage<true>();

export function inBackground<T>(fn: () => Promise<T>): Promise<T> {
  return background.run(true, fn);
}

export function isBackground(): boolean {
  return background.getStore() === true;
}
