// The picker cascade machine's multi-selects on a topic page's picker graph.
import { describe, expect, it } from 'vitest';
import { isPickerChosen, selectedCodes } from '../../../src/machines/pickerCascade.ts';
import { songkhla, phatthalung, muangSongkhla, boYang, cellA, cellB, kohYo, kohMak, year2566, year2567, pagePickers, start, startFullPage } from './pickerCascadeSupport.ts';

describe('picker cascade machine, a page’s picker graph: multi-selects (SPEC.md §4 pickers, §5 multi-selects)', () => {
  function startWithProvince() {
    const actor = start({ pickers: pagePickers });
    actor.send({ type: 'SELECT', level: 'province', value: songkhla });
    return actor;
  }

  it('§2 SELECT replaces a multi-select’s items; selectedCodes gives one entry per item', () => {
    const actor = startWithProvince();
    actor.send({ type: 'SELECT', level: 'islands', value: [kohYo] });
    actor.send({ type: 'SELECT', level: 'islands', value: [kohYo, kohMak] });
    const { context } = actor.getSnapshot();
    expect(context.selected.islands).toEqual([kohYo, kohMak]);
    expect(selectedCodes(context)).toEqual([
      { level: 'province', code: '90' },
      { level: 'islands', code: '12' },
      { level: 'islands', code: '34' },
    ]);
  });

  it('§2 an item keeps its extra fields (an island’s province and district codes)', () => {
    const actor = startWithProvince();
    actor.send({ type: 'SELECT', level: 'islands', value: [kohYo] });
    expect(actor.getSnapshot().context.selected.islands).toEqual([
      { code: '12', name: 'เกาะยอ', extra: { prv_code: '90', amp_code: '9001' } },
    ]);
  });

  it('§5 a multi-select ignores an empty selection', () => {
    const actor = startWithProvince();
    expect(actor.getSnapshot().can({ type: 'SELECT', level: 'sub-cells', value: [] })).toBe(false);
    actor.send({ type: 'SELECT', level: 'sub-cells', value: [] });
    expect(actor.getSnapshot().context.selected['sub-cells']).toBeNull();
    actor.send({ type: 'SELECT', level: 'sub-cells', value: [cellA] });
    actor.send({ type: 'SELECT', level: 'sub-cells', value: [] });
    expect(actor.getSnapshot().context.selected['sub-cells']).toEqual([cellA]);
  });

  it('§5 tags are removable individually: REMOVE takes one chip out', () => {
    const actor = startWithProvince();
    actor.send({ type: 'SELECT', level: 'sub-cells', value: [cellA, cellB] });
    actor.send({ type: 'REMOVE', level: 'sub-cells', code: '8A' });
    expect(actor.getSnapshot().context.selected['sub-cells']).toEqual([cellB]);
    expect(isPickerChosen(actor.getSnapshot().context, 'sub-cells')).toBe(true);
  });

  it('§5 removing the last chip clears the multi-select and its dependents', () => {
    const actor = start({
      pickers: [
        { id: 'province', dependsOn: [], kind: 'multiselect' },
        { id: 'district', dependsOn: ['province'] },
        { id: 'subdistrict', dependsOn: ['district'] },
        { id: 'year', dependsOn: [] },
      ],
    });
    actor.send({ type: 'SELECT', level: 'province', value: [songkhla] });
    actor.send({ type: 'SELECT', level: 'district', value: muangSongkhla });
    actor.send({ type: 'SELECT', level: 'subdistrict', value: boYang });
    actor.send({ type: 'SELECT', level: 'year', value: year2567 });
    actor.send({ type: 'REMOVE', level: 'province', code: '90' });
    expect(actor.getSnapshot().value).toBe('partial');
    expect(actor.getSnapshot().context.selected).toEqual({ province: null, district: null, subdistrict: null, year: year2567 });
  });

  it('§4 adding or removing a chip is a change: it clears the multi-select’s dependents', () => {
    const actor = start({
      pickers: [
        { id: 'province', dependsOn: [], kind: 'multiselect' },
        { id: 'district', dependsOn: ['province'] },
      ],
    });
    actor.send({ type: 'SELECT', level: 'province', value: [songkhla, phatthalung] });
    actor.send({ type: 'SELECT', level: 'district', value: muangSongkhla });
    actor.send({ type: 'REMOVE', level: 'province', code: '93' });
    expect(actor.getSnapshot().context.selected).toEqual({ province: [songkhla], district: null });
    actor.send({ type: 'SELECT', level: 'district', value: muangSongkhla });
    actor.send({ type: 'SELECT', level: 'province', value: [songkhla, phatthalung] });
    expect(actor.getSnapshot().context.selected).toEqual({ province: [songkhla, phatthalung], district: null });
  });

  it('§4 re-choosing the same items, in any order, changes nothing', () => {
    const actor = start({
      pickers: [
        { id: 'province', dependsOn: [], kind: 'multiselect' },
        { id: 'district', dependsOn: ['province'] },
      ],
    });
    actor.send({ type: 'SELECT', level: 'province', value: [songkhla, phatthalung] });
    actor.send({ type: 'SELECT', level: 'district', value: muangSongkhla });
    const before = actor.getSnapshot().context;
    actor.send({ type: 'SELECT', level: 'province', value: [phatthalung, songkhla] });
    expect(actor.getSnapshot().context).toBe(before);
  });

  it('§5 removing a chip that is not there, or from an unchosen or unknown picker, is ignored', () => {
    const actor = startWithProvince();
    actor.send({ type: 'SELECT', level: 'sub-cells', value: [cellA] });
    const before = actor.getSnapshot().context;
    for (const event of [
      { type: 'REMOVE', level: 'sub-cells', code: '8B' },
      { type: 'REMOVE', level: 'islands', code: '12' },
      { type: 'REMOVE', level: 'village', code: '12' },
    ] as const) {
      expect(actor.getSnapshot().can(event), JSON.stringify(event)).toBe(false);
      actor.send(event);
    }
    expect(actor.getSnapshot().context).toBe(before);
  });

  it('§5 REMOVE on a single picker with that code clears it like CLEAR', () => {
    const actor = startFullPage();
    actor.send({ type: 'REMOVE', level: 'district', code: '9001' });
    expect(actor.getSnapshot().context.selected).toMatchObject({ district: null, subdistrict: null, islands: [kohYo] });
  });

  it('§2 repeated codes in one selection keep the first; a single value for a multi-select becomes one chip', () => {
    const actor = startWithProvince();
    actor.send({ type: 'SELECT', level: 'sub-cells', value: [cellA, cellB, { code: '8A', name: 'again' }] });
    expect(actor.getSnapshot().context.selected['sub-cells']).toEqual([cellA, cellB]);
    actor.send({ type: 'SELECT', level: 'islands', value: kohMak });
    expect(actor.getSnapshot().context.selected.islands).toEqual([kohMak]);
  });

  it('§2 a list for a picker declared single is ignored; a picker without a kind takes either shape', () => {
    const actor = start({
      pickers: [
        { id: 'year', dependsOn: [], kind: 'year' },
        { id: 'anything', dependsOn: [] },
      ],
    });
    actor.send({ type: 'SELECT', level: 'year', value: [year2566] });
    expect(actor.getSnapshot().context.selected.year).toBeNull();
    actor.send({ type: 'SELECT', level: 'anything', value: [year2566, year2567] });
    expect(actor.getSnapshot().context.selected.anything).toEqual([year2566, year2567]);
    actor.send({ type: 'SELECT', level: 'anything', value: year2566 });
    expect(actor.getSnapshot().context.selected.anything).toEqual(year2566);
  });
});
