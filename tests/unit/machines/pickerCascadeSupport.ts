// Shared by the picker cascade tests: sample picker values, a topic page's pickers and actors
// started in given states.
import { expect } from 'vitest';
import { createTraceableActor } from '../../../src/machines/factory.ts';
import { pickerCascadeMachine, type PickerCascadeInput, type PickerSpec, type PickerValue } from '../../../src/machines/pickerCascade.ts';

export const levels = ['province', 'district', 'subdistrict'];
export const songkhla: PickerValue = { code: '90', name: 'สงขลา' };
export const phatthalung: PickerValue = { code: '93', name: 'พัทลุง' };
export const muangSongkhla: PickerValue = { code: '9001', name: 'เมืองสงขลา' };
export const boYang: PickerValue = { code: '900101', name: 'บ่อยาง' };
export const cellA: PickerValue = { code: '8A', name: '8A' };
export const cellB: PickerValue = { code: '8B', name: '8B' };
export const kohYo: PickerValue = { code: '12', name: 'เกาะยอ', extra: { prv_code: '90', amp_code: '9001' } };
export const kohMak: PickerValue = { code: '34', name: 'เกาะหมาก', extra: { prv_code: '93', amp_code: '9301' } };
export const year2566: PickerValue = { code: '2566', name: '2566' };
export const year2567: PickerValue = { code: '2567', name: '2567' };

/** A topic page's pickers (SPEC.md §2 change-area and coastal-status pages): a location cascade,
 *  a sub-cells multi-select and an island multi-select that depend on province only, and start
 *  and end years that depend on nothing. */
export const pagePickers: PickerSpec[] = [
  { id: 'province', dependsOn: [] },
  { id: 'district', dependsOn: ['province'] },
  { id: 'subdistrict', dependsOn: ['district'] },
  { id: 'sub-cells', dependsOn: ['province'], kind: 'multiselect' },
  { id: 'islands', dependsOn: ['province'], kind: 'multiselect' },
  { id: 'start', dependsOn: [], kind: 'year' },
  { id: 'end', dependsOn: [], kind: 'year' },
];
export const nothingOnPage = Object.fromEntries(pagePickers.map(({ id }) => [id, null]));

export function start(input: PickerCascadeInput) {
  return createTraceableActor(pickerCascadeMachine, { input, recorder: null }).start();
}

export function startCascade(cascadeLevels: readonly string[] = levels) {
  return start({ levels: cascadeLevels });
}

export function startWithAllChosen() {
  const actor = startCascade();
  actor.send({ type: 'SELECT', level: 'province', value: songkhla });
  actor.send({ type: 'SELECT', level: 'district', value: muangSongkhla });
  actor.send({ type: 'SELECT', level: 'subdistrict', value: boYang });
  return actor;
}

/** The page with every picker chosen. */
export function startFullPage() {
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
export function creationError(input: unknown) {
  const snapshot = createTraceableActor(pickerCascadeMachine, {
    input: input as PickerCascadeInput,
    recorder: null,
  }).getSnapshot();
  expect(snapshot.status).toBe('error');
  return (snapshot.error as Error).message;
}
