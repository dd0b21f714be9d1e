import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createTraceableActor } from '../../../src/machines/factory.ts';
import type { ResolvedPicker } from '../../../src/engine/types.ts';
import type { MachineTrace } from '../../../src/machines/factory.ts';
import {
  dependentsOf,
  isLevelEnabled,
  isPickerChosen,
  pickerCascadeMachine,
  selectedCodes,
} from '../../../src/machines/pickerCascade.ts';
import type { PickerCascadeInput, PickerSpec, PickerValue } from '../../../src/machines/pickerCascade.ts';
import { machineRegistry } from '../../../src/machines/registry.ts';
import { replayTrace } from '../../../src/machines/replay.ts';
import {
  pickerCascadeTracePath,
  pickerPageTracePath,
  recordPickerCascadeSession,
  recordPickerPageSession,
} from '../../fixtures/traces/pickerCascadeSession.ts';

const levels = ['province', 'district', 'subdistrict'];
const songkhla: PickerValue = { code: '90', name: 'สงขลา' };
const phatthalung: PickerValue = { code: '93', name: 'พัทลุง' };
const muangSongkhla: PickerValue = { code: '9001', name: 'เมืองสงขลา' };
const boYang: PickerValue = { code: '900101', name: 'บ่อยาง' };
const cellA: PickerValue = { code: '8A', name: '8A' };
const cellB: PickerValue = { code: '8B', name: '8B' };
const kohYo: PickerValue = { code: '12', name: 'เกาะยอ', extra: { prv_code: '90', amp_code: '9001' } };
const kohMak: PickerValue = { code: '34', name: 'เกาะหมาก', extra: { prv_code: '93', amp_code: '9301' } };
const year2566: PickerValue = { code: '2566', name: '2566' };
const year2567: PickerValue = { code: '2567', name: '2567' };

/** A topic page's pickers (SPEC.md §2 change-area and coastal-status pages): a location cascade,
 *  a sub-cells multi-select and an island multi-select that depend on province only, and start
 *  and end years that depend on nothing. */
const pagePickers: PickerSpec[] = [
  { id: 'province', dependsOn: [] },
  { id: 'district', dependsOn: ['province'] },
  { id: 'subdistrict', dependsOn: ['district'] },
  { id: 'sub-cells', dependsOn: ['province'], kind: 'multiselect' },
  { id: 'islands', dependsOn: ['province'], kind: 'multiselect' },
  { id: 'start', dependsOn: [], kind: 'year' },
  { id: 'end', dependsOn: [], kind: 'year' },
];
const nothingOnPage = Object.fromEntries(pagePickers.map(({ id }) => [id, null]));

function start(input: PickerCascadeInput) {
  return createTraceableActor(pickerCascadeMachine, { input, recorder: null }).start();
}

function startCascade(cascadeLevels: readonly string[] = levels) {
  return start({ levels: cascadeLevels });
}

function startWithAllChosen() {
  const actor = startCascade();
  actor.send({ type: 'SELECT', level: 'province', value: songkhla });
  actor.send({ type: 'SELECT', level: 'district', value: muangSongkhla });
  actor.send({ type: 'SELECT', level: 'subdistrict', value: boYang });
  return actor;
}

/** The page with every picker chosen. */
function startFullPage() {
  const actor = start({ pickers: pagePickers });
  actor.send({ type: 'SELECT', level: 'province', value: songkhla });
  actor.send({ type: 'SELECT', level: 'district', value: muangSongkhla });
  actor.send({ type: 'SELECT', level: 'subdistrict', value: boYang });
  actor.send({ type: 'SELECT', level: 'sub-cells', value: [cellA, cellB] });
  actor.send({ type: 'SELECT', level: 'islands', value: [kohYo] });
  actor.send({ type: 'SELECT', level: 'start', value: year2566 });
  actor.send({ type: 'SELECT', level: 'end', value: year2567 });
  return actor;
}

/** The creation error of an actor, without starting it (a started actor would rethrow it). */
function creationError(input: unknown) {
  const snapshot = createTraceableActor(pickerCascadeMachine, {
    input: input as PickerCascadeInput,
    recorder: null,
  }).getSnapshot();
  expect(snapshot.status).toBe('error');
  return (snapshot.error as Error).message;
}

describe('picker cascade machine, linear `levels` input (SPEC.md §4 location pickers)', () => {
  it('§4 starts with nothing chosen and only the first level enabled', () => {
    const { value, context } = startCascade().getSnapshot();
    expect(value).toBe('empty');
    expect(context.selected).toEqual({ province: null, district: null, subdistrict: null });
    expect(levels.map((level) => isLevelEnabled(context, level))).toEqual([true, false, false]);
    expect(selectedCodes(context)).toEqual([]);
  });

  it('§4 choosing every level in order completes the cascade', () => {
    const { value, context } = startWithAllChosen().getSnapshot();
    expect(value).toBe('complete');
    expect(selectedCodes(context)).toEqual([
      { level: 'province', code: '90' },
      { level: 'district', code: '9001' },
      { level: 'subdistrict', code: '900101' },
    ]);
  });

  it('§4 choosing a province clears district and sub-district', () => {
    const actor = startWithAllChosen();
    actor.send({ type: 'SELECT', level: 'province', value: phatthalung });
    const { value, context } = actor.getSnapshot();
    expect(value).toBe('partial');
    expect(context.selected).toEqual({ province: phatthalung, district: null, subdistrict: null });
  });

  it('§4 choosing a district clears sub-district', () => {
    const actor = startWithAllChosen();
    const otherDistrict = { code: '9002', name: 'สทิงพระ' };
    actor.send({ type: 'SELECT', level: 'district', value: otherDistrict });
    const { value, context } = actor.getSnapshot();
    expect(value).toBe('partial');
    expect(context.selected).toEqual({ province: songkhla, district: otherDistrict, subdistrict: null });
  });

  it('§4 re-choosing the same province changes nothing and keeps district and sub-district', () => {
    const actor = startWithAllChosen();
    const before = actor.getSnapshot().context;
    expect(actor.getSnapshot().can({ type: 'SELECT', level: 'province', value: { ...songkhla } })).toBe(false);
    actor.send({ type: 'SELECT', level: 'province', value: { ...songkhla } });
    expect(actor.getSnapshot().value).toBe('complete');
    expect(actor.getSnapshot().context).toBe(before);
  });

  it('§4 district is disabled until a province is chosen', () => {
    const actor = startCascade();
    expect(isLevelEnabled(actor.getSnapshot().context, 'district')).toBe(false);
    actor.send({ type: 'SELECT', level: 'province', value: songkhla });
    expect(isLevelEnabled(actor.getSnapshot().context, 'district')).toBe(true);
  });

  it('§4 sub-district is disabled until a district is chosen', () => {
    const actor = startCascade();
    actor.send({ type: 'SELECT', level: 'province', value: songkhla });
    expect(isLevelEnabled(actor.getSnapshot().context, 'subdistrict')).toBe(false);
    actor.send({ type: 'SELECT', level: 'district', value: muangSongkhla });
    expect(isLevelEnabled(actor.getSnapshot().context, 'subdistrict')).toBe(true);
  });

  it('§4 choosing a disabled level is ignored', () => {
    const actor = startCascade();
    actor.send({ type: 'SELECT', level: 'district', value: muangSongkhla });
    expect(actor.getSnapshot().value).toBe('empty');
    actor.send({ type: 'SELECT', level: 'province', value: songkhla });
    actor.send({ type: 'SELECT', level: 'subdistrict', value: boYang });
    const { value, context } = actor.getSnapshot();
    expect(value).toBe('partial');
    expect(context.selected).toEqual({ province: songkhla, district: null, subdistrict: null });
  });

  it('§4 choosing an unknown level is ignored', () => {
    const actor = startCascade();
    actor.send({ type: 'SELECT', level: 'village', value: songkhla });
    expect(actor.getSnapshot().value).toBe('empty');
    expect(isLevelEnabled(actor.getSnapshot().context, 'village')).toBe(false);
  });

  it('§4 clearing a level clears it and every later level', () => {
    const actor = startWithAllChosen();
    actor.send({ type: 'CLEAR', level: 'district' });
    expect(actor.getSnapshot().value).toBe('partial');
    expect(actor.getSnapshot().context.selected).toEqual({ province: songkhla, district: null, subdistrict: null });
    actor.send({ type: 'CLEAR', level: 'province' });
    expect(actor.getSnapshot().value).toBe('empty');
    expect(selectedCodes(actor.getSnapshot().context)).toEqual([]);
  });

  it('§4 clearing a level that is not chosen changes nothing', () => {
    const actor = startCascade();
    actor.send({ type: 'SELECT', level: 'province', value: songkhla });
    const before = actor.getSnapshot();
    actor.send({ type: 'CLEAR', level: 'subdistrict' });
    expect(actor.getSnapshot().value).toBe('partial');
    expect(actor.getSnapshot().context).toEqual(before.context);
  });

  it('§4 reset clears every level', () => {
    const actor = startWithAllChosen();
    actor.send({ type: 'RESET' });
    expect(actor.getSnapshot().value).toBe('empty');
    expect(actor.getSnapshot().context.selected).toEqual({ province: null, district: null, subdistrict: null });
  });

  it('§4 a level depends on the one before it, and its dependents are every later level', () => {
    const { context } = startCascade().getSnapshot();
    expect(context.pickers.map(({ id, dependsOn }) => [id, dependsOn])).toEqual([
      ['province', []],
      ['district', ['province']],
      ['subdistrict', ['district']],
    ]);
    expect(dependentsOf(context, 'province')).toEqual(['district', 'subdistrict']);
    expect(dependentsOf(context, 'subdistrict')).toEqual([]);
  });

  it('§3 serves the beach-system cascade BeachM > BeachC > BeachS', () => {
    const actor = startCascade(['beachM', 'beachC', 'beachS']);
    actor.send({ type: 'SELECT', level: 'beachM', value: { code: 'T1', name: 'ระบบหาดหลัก 1' } });
    actor.send({ type: 'SELECT', level: 'beachC', value: { code: 'T1-1', name: 'ระบบหาดย่อย' } });
    expect(isLevelEnabled(actor.getSnapshot().context, 'beachS')).toBe(true);
    expect(selectedCodes(actor.getSnapshot().context).map(({ code }) => code)).toEqual(['T1', 'T1-1']);
  });

  it('§4 a single-level cascade goes straight from empty to complete', () => {
    const actor = startCascade(['province']);
    actor.send({ type: 'SELECT', level: 'province', value: songkhla });
    expect(actor.getSnapshot().value).toBe('complete');
  });

  it('rejects a cascade without levels or with a repeated level', () => {
    expect(creationError({ levels: [] })).toBe('pickerCascade: input.levels needs at least one level');
    expect(creationError({ levels: ['province', 'province'] })).toBe(
      'pickerCascade: picker "province" is listed twice in [province, province]',
    );
  });
});

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

  describe('multi-selects', () => {
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

describe('picker traces (DESIGN.md §4 record and replay)', () => {
  const shipped = [
    { name: 'the linear cascade session', path: pickerCascadeTracePath, record: recordPickerCascadeSession, steps: 8 },
    { name: 'the page graph session', path: pickerPageTracePath, record: recordPickerPageSession, steps: 11 },
  ];

  it.each(shipped)('§4 $name: the shipped fixture is what the factory records today and replays ok', ({ path, record, steps }) => {
    const fixture = JSON.parse(readFileSync(path, 'utf8')) as MachineTrace;
    expect(fixture).toEqual(record());
    expect(replayTrace(fixture, machineRegistry)).toEqual({ ok: true, steps });
  });

  it('§4 §5 the page session ends back at its initial years, with ignored events recorded as no-ops', () => {
    const trace = recordPickerPageSession();
    expect(trace.steps[0]?.context).toEqual(trace.initial.context);
    expect(trace.steps.at(-1)?.context).toEqual(trace.initial.context);
    expect(trace.steps.map(({ state }) => state)).toContain('complete');
  });
});
