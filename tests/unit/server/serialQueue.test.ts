// Issue 29 aim 7: PGlite's one connection serves foreground queries (tiles, WFS pages) before
// waiting background ones (the slices of an analytic request), without starving the background.
import { describe, expect, it } from 'vitest';
import { inBackground, isBackground } from '../../../src/server/db/priority.ts';
import { SerialQueue } from '../../../src/server/db/serialQueue.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('SerialQueue lanes', () => {
  it('runs one task at a time; waiting foreground tasks go before waiting background ones', async () => {
    const q = new SerialQueue();
    const order: string[] = [];
    let running = 0;
    const task = (name: string) => async () => {
      expect(++running).toBe(1);
      await tick();
      order.push(name);
      running--;
      return name;
    };
    const first = q.run(task('b1'), true);
    await null; // b1 holds the queue now
    const all = [first, q.run(task('b2'), true), q.run(task('f1')), q.run(task('f2'))];
    expect(await Promise.all(all)).toEqual(['b1', 'b2', 'f1', 'f2']);
    expect(order).toEqual(['b1', 'f1', 'f2', 'b2']);
  });

  it('lets a background task through after eight foreground tasks in a row', async () => {
    const q = new SerialQueue();
    const order: string[] = [];
    const task = (name: string) => async () => void order.push(name);
    const runs = [q.run(task('f0')), q.run(task('b'), true), ...Array.from({ length: 12 }, (_, i) => q.run(task(`f${i + 1}`)))];
    await Promise.all(runs);
    expect(order.indexOf('b')).toBe(8);
  });

  it('a failing task rejects its caller only; the queue goes on', async () => {
    const q = new SerialQueue();
    const failed = q.run(() => Promise.reject(new Error('boom')));
    const thrown = q.run(() => {
      throw new Error('sync');
    });
    await expect(failed).rejects.toThrow('boom');
    await expect(thrown).rejects.toThrow('sync');
    expect(await q.run(async () => 'next')).toBe('next');
  });

  it('a task runs in the async context of its caller and knows it holds the queue', async () => {
    const q = new SerialQueue();
    const blocker = q.run(tick);
    const seen = await inBackground(() => q.run(async () => [isBackground(), q.heldByCaller]));
    await blocker;
    expect(seen).toEqual([true, true]);
    expect(await q.run(async () => isBackground())).toBe(false);
    expect(q.heldByCaller).toBe(false);
  });
});
