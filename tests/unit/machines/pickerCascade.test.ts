import { describe, expect, it } from 'vitest';
import { createTraceableActor } from '../../../src/machines/factory.ts';
import { isLevelEnabled, pickerCascadeMachine, selectedCodes } from '../../../src/machines/pickerCascade.ts';
import type { PickerValue } from '../../../src/machines/pickerCascade.ts';

const levels = ['province', 'district', 'subdistrict'];
const songkhla: PickerValue = { code: '90', name: 'สงขลา' };
const phatthalung: PickerValue = { code: '93', name: 'พัทลุง' };
const muangSongkhla: PickerValue = { code: '9001', name: 'เมืองสงขลา' };
const boYang: PickerValue = { code: '900101', name: 'บ่อยาง' };

function startCascade(cascadeLevels: readonly string[] = levels) {
  return createTraceableActor(pickerCascadeMachine, { input: { levels: cascadeLevels }, recorder: null }).start();
}

function startWithAllChosen() {
  const actor = startCascade();
  actor.send({ type: 'SELECT', level: 'province', value: songkhla });
  actor.send({ type: 'SELECT', level: 'district', value: muangSongkhla });
  actor.send({ type: 'SELECT', level: 'subdistrict', value: boYang });
  return actor;
}

describe('picker cascade machine (SPEC.md §4 location pickers)', () => {
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
    // Not started: a started actor would also rethrow the error outside the test.
    const unstarted = (cascadeLevels: string[]) =>
      createTraceableActor(pickerCascadeMachine, { input: { levels: cascadeLevels }, recorder: null }).getSnapshot();
    expect(unstarted([])).toMatchObject({ status: 'error', error: new Error('pickerCascade: input.levels needs at least one level') });
    expect(unstarted(['province', 'province']).status).toBe('error');
  });
});
