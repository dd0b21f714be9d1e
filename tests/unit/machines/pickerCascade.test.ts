// The picker cascade machine with linear `levels`, and its recorded traces (the page graph:
// pickerCascadePage.test.ts, its multi-selects: pickerCascadeMultiSelect.test.ts).
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { MachineTrace } from '../../../src/machines/factory.ts';
import { machineRegistry } from '../../../src/machines/registry.ts';
import { replayTrace } from '../../../src/machines/replay.ts';
import { dependentsOf, isLevelEnabled, selectedCodes } from '../../../src/machines/pickerCascade.ts';
import { pickerCascadeTracePath, pickerPageTracePath, recordPickerCascadeSession, recordPickerPageSession } from '../../fixtures/traces/pickerCascadeSession.ts';
import { levels, songkhla, phatthalung, muangSongkhla, boYang, startCascade, startWithAllChosen, creationError } from './pickerCascadeSupport.ts';

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
