// Area pickers filled from outside the page (issue 24 item 8): a province, district or sub-district
// found by the place search asks the open page to choose it in its province / district /
// sub-district pickers, parent first, each once its list holds the code (DOPA codes nest, so a
// district's code names its province too). A page without such pickers ignores the request; it
// lapses after a while, so that a list opened much later is not filled by an old search.
import type { ResolvedPicker } from '../../engine/types.ts';
import { toChosen, type Chosen, type Option, type PickerValues } from '../../engine/options.ts';
import { createStore } from '../../state/store.ts';

/** The area pickers' ids, parent first, and the length of their codes. */
const AREA_LEVELS = [
  ['province', 2],
  ['district', 4],
  ['subdistrict', 6],
] as const;

/** Long enough for three lists to load one after the other on a slow line. */
const REQUEST_LIFETIME_MS = 20_000;

interface AreaRequest {
  pageKey: string;
  /** Picker id -> the code still to choose. */
  codes: Readonly<Record<string, string>>;
  until: number;
  /** Bumped by every request, so that pickers whose lists are loaded look again. */
  seq: number;
}

export const areaRequestStore = createStore<AreaRequest>({ pageKey: '', codes: {}, until: 0, seq: 0 });

/** The picker codes of an area's code: '9001' -> province 90, district 9001. */
export function areaCodes(kind: string, code: string): Record<string, string> {
  const depth = AREA_LEVELS.findIndex(([id, length]) => id === kind && code.length === length);
  if (depth < 0 || !/^[0-9]+$/.test(code)) return {};
  return Object.fromEntries(AREA_LEVELS.slice(0, depth + 1).map(([id, length]) => [id, code.slice(0, length)]));
}

/** Asks page `pageKey` to choose `codes` (none: forgets an earlier request). */
export function requestArea(pageKey: string, codes: Readonly<Record<string, string>>, now = Date.now()): void {
  areaRequestStore.set(({ seq }) => ({ pageKey, codes, until: now + REQUEST_LIFETIME_MS, seq: seq + 1 }));
}

const codeOf = (value: PickerValues[string]) => (value && !Array.isArray(value) ? value.code : Array.isArray(value) && value.length === 1 ? value[0]!.code : undefined);

/**
 * The choice the request asks of a picker whose options are loaded, once: undefined when it asks
 * none, when a picker it depends on does not hold its requested code yet, or when the code is
 * not (yet) among the options; the picker's current choice counts as taken.
 */
export function requestedArea(pageKey: string, picker: ResolvedPicker, values: PickerValues, options: readonly Option[], now = Date.now()): Chosen | Chosen[] | undefined {
  const request = areaRequestStore.get();
  const code = request.codes[picker.id];
  if (request.pageKey !== pageKey || code === undefined || now > request.until) return undefined;
  if (picker.dependsOn.some((parent) => request.codes[parent] !== undefined && codeOf(values[parent]) !== request.codes[parent])) return undefined;
  const option = options.find((o) => o.value === code);
  if (!option) return undefined;
  const { [picker.id]: _taken, ...rest } = request.codes;
  areaRequestStore.set({ codes: rest });
  if (codeOf(values[picker.id]) === code) return undefined;
  return picker.kind === 'multiselect' ? [toChosen(option)] : toChosen(option);
}
