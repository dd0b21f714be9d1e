// The open modal dialogs (src/state/openModals.ts): the toasts of SPEC.md §8 are shown inside the
// topmost one, so it must be the one opened last and still open.
import { describe, expect, it } from 'vitest';
import { openModalsStore, topModalHost, trackOpenModal } from '../../../src/state/openModals.ts';

// node has no DOM: any object stands for the host element
const host = (name: string) => ({ name }) as unknown as HTMLElement;
const top = () => topModalHost(openModalsStore.get());

describe('open modal dialogs', () => {
  it('none open: no host', () => {
    expect(top()).toBeNull();
  });

  it('the one opened last is on top; closing it uncovers the one below', () => {
    const exportDialog = host('export');
    const confirm = host('confirm');
    const forgetExport = trackOpenModal(exportDialog);
    const forgetConfirm = trackOpenModal(confirm);
    expect(top()).toBe(confirm);
    forgetConfirm();
    expect(top()).toBe(exportDialog);
    forgetExport();
    expect(top()).toBeNull();
  });

  it('closing out of order, closing twice and opening again keep the list right', () => {
    const a = host('a');
    const b = host('b');
    const forgetA = trackOpenModal(a);
    const forgetB = trackOpenModal(b);
    forgetA();
    expect(top()).toBe(b);
    forgetA();
    expect(openModalsStore.get().hosts).toEqual([b]);
    trackOpenModal(a);
    expect(top()).toBe(a);
    trackOpenModal(b);
    expect(openModalsStore.get().hosts).toEqual([a, b]);
    forgetB();
    forgetA();
    expect(top()).toBeNull();
  });
});
