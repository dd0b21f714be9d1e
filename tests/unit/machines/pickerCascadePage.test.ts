// The picker cascade machine on a topic page's picker graph (multi-selects: pickerCascadeMultiSelect.test.ts).
import { describe, expect, it } from 'vitest';
import type { ResolvedPicker } from '../../../src/engine/types.ts';
import { dependentsOf, isLevelEnabled, isPickerChosen, selectedCodes, type PickerSpec } from '../../../src/machines/pickerCascade.ts';
import { songkhla, phatthalung, muangSongkhla, cellA, cellB, kohYo, year2566, year2567, pagePickers, nothingOnPage, start, startFullPage, creationError } from './pickerCascadeSupport.ts';

describe('picker cascade machine, a page’s picker graph (SPEC.md §2 pages, §4 pickers, §5 multi-selects)', () => {
  it('§4 starts empty with exactly the pickers without dependencies enabled', () => {
    const { value, context } = start({ pickers: pagePickers }).getSnapshot();
    expect(value).toBe('empty');
    expect(context.selected).toEqual(nothingOnPage);
    const enabled = pagePickers.filter(({ id }) => isLevelEnabled(context, id)).map(({ id }) => id);
    expect(enabled).toEqual(['province', 'start', 'end']);
  });

  it('§4 a picker is enabled only when every picker it depends on is chosen', () => {
    const actor = start({
      pickers: [
        { id: 'province', dependsOn: [] },
        { id: 'start', dependsOn: [] },
        { id: 'layer', dependsOn: ['province', 'start'] },
      ],
    });
    const enabled = () => isLevelEnabled(actor.getSnapshot().context, 'layer');
    expect(enabled()).toBe(false);
    actor.send({ type: 'SELECT', level: 'province', value: songkhla });
    expect(enabled()).toBe(false);
    actor.send({ type: 'SELECT', level: 'start', value: year2566 });
    expect(enabled()).toBe(true);
    actor.send({ type: 'CLEAR', level: 'province' });
    expect(enabled()).toBe(false);
  });

  it('§4 choosing a province enables district, sub-cells and islands but not sub-district', () => {
    const actor = start({ pickers: pagePickers });
    actor.send({ type: 'SELECT', level: 'province', value: songkhla });
    const { value, context } = actor.getSnapshot();
    expect(value).toBe('partial');
    const enabled = pagePickers.filter(({ id }) => isLevelEnabled(context, id)).map(({ id }) => id);
    expect(enabled).toEqual(['province', 'district', 'sub-cells', 'islands', 'start', 'end']);
  });

  it('§4 choosing every picker completes the page', () => {
    const { value, context } = startFullPage().getSnapshot();
    expect(value).toBe('complete');
    expect(pagePickers.every(({ id }) => isPickerChosen(context, id))).toBe(true);
  });

  it('§4 choosing a disabled or unknown picker is ignored', () => {
    const actor = start({ pickers: pagePickers });
    for (const event of [
      { type: 'SELECT', level: 'district', value: muangSongkhla },
      { type: 'SELECT', level: 'sub-cells', value: [cellA] },
      { type: 'SELECT', level: 'islands', value: [kohYo] },
      { type: 'SELECT', level: 'village', value: songkhla },
    ] as const) {
      expect(actor.getSnapshot().can(event), JSON.stringify(event)).toBe(false);
      actor.send(event);
    }
    expect(actor.getSnapshot().value).toBe('empty');
    expect(actor.getSnapshot().context.selected).toEqual(nothingOnPage);
    expect(isLevelEnabled(actor.getSnapshot().context, 'village')).toBe(false);
  });

  it('§4 changing the province clears its transitive dependents and keeps the years', () => {
    const actor = startFullPage();
    actor.send({ type: 'SELECT', level: 'province', value: phatthalung });
    const { value, context } = actor.getSnapshot();
    expect(value).toBe('partial');
    expect(context.selected).toEqual({
      ...nothingOnPage,
      province: phatthalung,
      start: year2566,
      end: year2567,
    });
  });

  it('§4 changing the district clears sub-district only, not the sub-cells or islands beside it', () => {
    const actor = startFullPage();
    const otherDistrict = { code: '9002', name: 'สทิงพระ' };
    actor.send({ type: 'SELECT', level: 'district', value: otherDistrict });
    expect(actor.getSnapshot().context.selected).toEqual({
      province: songkhla,
      district: otherDistrict,
      subdistrict: null,
      'sub-cells': [cellA, cellB],
      islands: [kohYo],
      start: year2566,
      end: year2567,
    });
  });

  it('§4 changing an independent year clears nothing else', () => {
    const actor = startFullPage();
    const before = actor.getSnapshot().context.selected;
    actor.send({ type: 'SELECT', level: 'start', value: { code: '2565', name: '2565' } });
    expect(actor.getSnapshot().value).toBe('complete');
    expect(actor.getSnapshot().context.selected).toEqual({ ...before, start: { code: '2565', name: '2565' } });
  });

  it('§4 clearing a picker clears it and its transitive dependents only', () => {
    const actor = startFullPage();
    actor.send({ type: 'CLEAR', level: 'district' });
    expect(actor.getSnapshot().context.selected).toMatchObject({ district: null, subdistrict: null, islands: [kohYo] });
    actor.send({ type: 'CLEAR', level: 'province' });
    expect(actor.getSnapshot().value).toBe('partial');
    expect(actor.getSnapshot().context.selected).toEqual({ ...nothingOnPage, start: year2566, end: year2567 });
    actor.send({ type: 'CLEAR', level: 'start' });
    actor.send({ type: 'CLEAR', level: 'end' });
    expect(actor.getSnapshot().value).toBe('empty');
  });

  it('§4 dependentsOf lists the transitive dependents, parents first', () => {
    const { context } = start({ pickers: pagePickers }).getSnapshot();
    expect(dependentsOf(context, 'province')).toEqual(['district', 'subdistrict', 'sub-cells', 'islands']);
    expect(dependentsOf(context, 'district')).toEqual(['subdistrict']);
    expect(dependentsOf(context, 'start')).toEqual([]);
    expect(dependentsOf(context, 'village')).toEqual([]);
  });

  it('§4 a diamond: clearing the shared parent clears both branches and what joins them', () => {
    const actor = start({
      pickers: [
        { id: 'layer', dependsOn: ['district', 'islands'] },
        { id: 'province', dependsOn: [] },
        { id: 'district', dependsOn: ['province'] },
        { id: 'islands', dependsOn: ['province'], kind: 'multiselect' },
      ],
    });
    actor.send({ type: 'SELECT', level: 'province', value: songkhla });
    actor.send({ type: 'SELECT', level: 'district', value: muangSongkhla });
    actor.send({ type: 'SELECT', level: 'islands', value: [kohYo] });
    actor.send({ type: 'SELECT', level: 'layer', value: { code: 'L1', name: 'ชั้นข้อมูล' } });
    const { context } = actor.getSnapshot();
    expect(actor.getSnapshot().value).toBe('complete');
    expect(dependentsOf(context, 'province')).toEqual(['district', 'islands', 'layer']);
    // Listed first in the input, but after what it depends on.
    expect(selectedCodes(context).map(({ level }) => level)).toEqual(['province', 'district', 'islands', 'layer']);
    actor.send({ type: 'CLEAR', level: 'islands' });
    expect(actor.getSnapshot().context.selected).toEqual({ layer: null, province: songkhla, district: muangSongkhla, islands: null });
  });

  it('§2 takes the engine’s resolved pickers as they are; kind multiselect makes a multi-select', () => {
    const resolved: ResolvedPicker[] = [
      { id: 'province', label: 'จังหวัด', kind: 'select', dependsOn: [], source: { list: 'province' } },
      { id: 'islands', label: 'เกาะ', kind: 'multiselect', dependsOn: ['province'], source: { list: 'islands' } },
      { id: 'years', label: 'ปี', kind: 'year', dependsOn: [], source: { options: [2567, 2566] } },
    ];
    const actor = start({ pickers: resolved });
    expect(actor.getSnapshot().context.pickers).toEqual([
      { id: 'province', dependsOn: [], multiple: false },
      { id: 'islands', dependsOn: ['province'], multiple: true },
      { id: 'years', dependsOn: [], multiple: false },
    ]);
    actor.send({ type: 'SELECT', level: 'province', value: songkhla });
    actor.send({ type: 'SELECT', level: 'islands', value: kohYo });
    expect(actor.getSnapshot().context.selected.islands).toEqual([kohYo]);
  });

  describe('initial values and RESET', () => {
    const lakePickers: PickerSpec[] = [
      { id: 'province', dependsOn: [], kind: 'multiselect' },
      { id: 'district', dependsOn: ['province'] },
      { id: 'year', dependsOn: [], kind: 'year' },
    ];
    const lakeInitial = { province: [songkhla, phatthalung], year: year2567 };

    it('§3 starts from `initial` (lake provinces default to Songkhla and Phatthalung), in the matching state', () => {
      const { value, context } = start({ pickers: lakePickers, initial: lakeInitial }).getSnapshot();
      expect(value).toBe('partial');
      expect(context.selected).toEqual({ province: [songkhla, phatthalung], district: null, year: year2567 });
      expect(isLevelEnabled(context, 'district')).toBe(true);
    });

    it('§4 an `initial` that chooses every picker starts complete; an empty list starts unchosen', () => {
      const all = start({ pickers: lakePickers, initial: { ...lakeInitial, district: muangSongkhla } });
      expect(all.getSnapshot().value).toBe('complete');
      const none = start({ pickers: lakePickers, initial: { province: [] } });
      expect(none.getSnapshot().value).toBe('empty');
      expect(none.getSnapshot().context.selected.province).toBeNull();
    });

    it('§4 RESET returns to `initial`, from any selection', () => {
      const actor = start({ pickers: lakePickers, initial: lakeInitial });
      actor.send({ type: 'REMOVE', level: 'province', code: '93' });
      actor.send({ type: 'SELECT', level: 'district', value: muangSongkhla });
      actor.send({ type: 'CLEAR', level: 'year' });
      actor.send({ type: 'RESET' });
      expect(actor.getSnapshot().value).toBe('partial');
      expect(actor.getSnapshot().context.selected).toEqual({ province: [songkhla, phatthalung], district: null, year: year2567 });
      actor.send({ type: 'CLEAR', level: 'province' });
      actor.send({ type: 'CLEAR', level: 'year' });
      expect(actor.getSnapshot().value).toBe('empty');
      actor.send({ type: 'RESET' });
      expect(actor.getSnapshot().value).toBe('partial');
    });

    it('§4 RESET without `initial` clears every picker', () => {
      const actor = startFullPage();
      actor.send({ type: 'RESET' });
      expect(actor.getSnapshot().value).toBe('empty');
      expect(actor.getSnapshot().context.selected).toEqual(nothingOnPage);
    });
  });

  describe('rejected at creation', () => {
    it('a dependsOn naming an unknown picker', () => {
      expect(creationError({ pickers: [{ id: 'district', dependsOn: ['provnce'] }] })).toBe(
        'pickerCascade: picker "district" depends on unknown picker "provnce" (pickers: district)',
      );
    });

    it('a dependency cycle, named parent first', () => {
      expect(
        creationError({
          pickers: [
            { id: 'year', dependsOn: [] },
            { id: 'province', dependsOn: ['subdistrict'] },
            { id: 'district', dependsOn: ['province'] },
            { id: 'subdistrict', dependsOn: ['district'] },
          ],
        }),
      ).toBe('pickerCascade: pickers depend on each other in a cycle: province > district > subdistrict > province');
      expect(creationError({ pickers: [{ id: 'province', dependsOn: ['province'] }] })).toBe(
        'pickerCascade: pickers depend on each other in a cycle: province > province',
      );
    });

    it('no pickers, a repeated picker, or both input shapes', () => {
      expect(creationError({ pickers: [] })).toBe('pickerCascade: input.pickers needs at least one picker');
      expect(creationError({})).toBe('pickerCascade: input.pickers needs at least one picker');
      expect(creationError({ pickers: [{ id: 'a', dependsOn: [] }, { id: 'a', dependsOn: [] }] })).toBe(
        'pickerCascade: picker "a" is listed twice in [a, a]',
      );
      expect(creationError({ levels: ['a'], pickers: [{ id: 'a', dependsOn: [] }] })).toBe(
        'pickerCascade: give input.pickers or input.levels, not both',
      );
    });

    it('an `initial` that names an unknown picker, breaks a dependency or has the wrong shape', () => {
      const pickers = [
        { id: 'province', dependsOn: [] },
        { id: 'district', dependsOn: ['province'] },
        { id: 'year', dependsOn: [], kind: 'year' },
      ];
      expect(creationError({ pickers, initial: { village: songkhla } })).toBe(
        'pickerCascade: input.initial names unknown picker "village" (pickers: province, district, year)',
      );
      expect(creationError({ pickers, initial: { district: muangSongkhla } })).toBe(
        'pickerCascade: input.initial chooses "district" but not "province", which it depends on',
      );
      expect(creationError({ pickers, initial: { year: [year2566] } })).toBe(
        'pickerCascade: input.initial.year is not a value this picker can hold',
      );
    });
  });
});
