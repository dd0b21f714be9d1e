// One picker: a labelled select (or multi-select with chips), its loading skeleton, its failure
// text ('--' by default, the list's or picker's errorText otherwise, SPEC.md §8) and its default
// choice (`default: first | last | [codes]`, SPEC.md §4). A select with more options than its cap
// (picker `cap`, else app.limits.dropdownCap) gets a search box (case-insensitive substring) and
// shows at most `cap` matches with the Thai note (SPEC.md §2, §9). A year picker with
// `swatch: true` shows the chosen year's colour from the legend of the page's year layers, its
// tooltip the legend item's Thai label (never the colour's hex code, issue 24 item 9).
import { useEffect, useId, useMemo, useState } from 'react';
import type { Legend, ResolvedPicker, ResolvedVariant } from '../../engine/types.ts';
import { toChosen, type Chosen, type Option, type PickerValue, type PickerValues } from '../../engine/options.ts';
import { th } from '../../locale/th.ts';
import { useConfig } from '../../state/config.tsx';
import { useStore } from '../../state/store.ts';
import { areaRequestStore, requestedArea } from './areaRequest.ts';
import { useOptions } from './useOptions.ts';
import { MultiPicker } from './MultiPicker.tsx';
import { sectionDefinitionOf } from '../../sections/definitions.ts';
import { restoredChoice, skipFailedPicker } from '../urlState/pageRestore.ts';
import { useVariantState } from './variantState.tsx';
import { failureText } from '../sections/common/failureText.ts';
import { LoadFailure } from '../sections/common/LoadFailure.tsx';

interface PickerFieldProps {
  picker: ResolvedPicker;
  variant: ResolvedVariant;
  enabled: boolean;
  value: PickerValue | undefined;
  values: PickerValues;
  onChange: (value: Chosen | Chosen[] | null) => void;
}

export function PickerField({ picker, variant, enabled, value, values, onChange }: PickerFieldProps) {
  const id = useId();
  const { app, legends } = useConfig();
  const state = useOptions(picker, variant, enabled, values);
  const options = state.status === 'ready' ? state.options : [];
  const cap = capOf(picker, app.limits.dropdownCap);
  const { pageKey } = useVariantState();
  const areaRequest = useStore(areaRequestStore, (r) => r.seq);

  useEffect(() => {
    if (state.status === 'error') skipFailedPicker(pageKey, picker, variant);
    if (state.status !== 'ready') return;
    // A link's choice (issue 11) comes before the default.
    const restored = restoredChoice(pageKey, picker, variant, state.options);
    if (restored) return onChange(restored);
    // An area the place search found (issue 24 item 8).
    const asked = requestedArea(pageKey, picker, values, state.options);
    if (asked) return onChange(asked);
    if (value || !picker.default) return;
    const chosen = defaultChoice(picker, state.options);
    if (chosen) onChange(chosen);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- apply the default once per list
  }, [state, areaRequest]);

  const colors = useMemo(() => (picker.swatch ? yearSwatches(variant, legends, options) : null), [picker.swatch, variant, legends, options]);
  const single = value && !Array.isArray(value) ? value : null;
  const swatch = single && colors ? colors.get(single.code) : undefined;

  if (picker.kind === 'toggle') return <TogglePicker id={id} picker={picker} option={options[0]} enabled={enabled && state.status === 'ready'} checked={!!single} onChange={onChange} />;
  return (
    <div className={`picker picker-${picker.kind}`} aria-busy={state.status === 'loading'} data-picker={picker.id}>
      <label htmlFor={id}>{picker.label}</label>
      {state.status === 'loading' ? (
        <div className="skeleton" id={id} role="progressbar" aria-label={`${picker.label}: ${th.loading}`} />
      ) : state.status === 'error' ? (
        <>
          <select id={id} disabled className="picker-failed" aria-describedby={`${id}-failure`}>
            <option>{failedListText(picker, variant)}</option>
          </select>
          <LoadFailure id={`${id}-failure`} failure={failureText('list', state.error)} {...(state.retry ? { onRetry: state.retry } : {})} />
        </>
      ) : picker.kind === 'multiselect' ? (
        <MultiPicker id={id} picker={picker} options={options} enabled={enabled} value={Array.isArray(value) ? value : []} cap={cap} onChange={onChange} />
      ) : (
        <SingleSelect id={id} picker={picker} options={options} enabled={enabled} value={single} cap={cap} swatch={swatch} colors={colors} onChange={onChange} />
      )}
    </div>
  );
}

/** A checkbox (picker kind toggle): ticked holds the source's one option, unticked nothing. */
function TogglePicker({ id, picker, option, enabled, checked, onChange }: { id: string; picker: ResolvedPicker; option: Option | undefined; enabled: boolean; checked: boolean; onChange: (value: Chosen | null) => void }) {
  return (
    <div className="picker picker-toggle" data-picker={picker.id}>
      <input id={id} type="checkbox" disabled={!enabled || !option} checked={checked} onChange={(e) => onChange(e.target.checked && option ? toChosen(option) : null)} />
      <label htmlFor={id}>{picker.label}</label>
    </div>
  );
}

interface SingleProps {
  id: string;
  picker: ResolvedPicker;
  options: Option[];
  enabled: boolean;
  value: Chosen | null;
  cap: number;
  swatch: YearSwatch | undefined;
  colors: Map<string, YearSwatch> | null;
  onChange: (value: Chosen | null) => void;
}

function SingleSelect({ id, picker, options, enabled, value, cap, swatch, colors, onChange }: SingleProps) {
  const [query, setQuery] = useState('');
  const searchable = options.length > cap;
  const matches = searchable ? filterOptions(options, query) : options;
  let shown = matches.slice(0, cap);
  // The chosen option stays selectable in the list even when the search hides it.
  const chosen = value ? options.find((o) => o.value === value.code) : undefined;
  if (chosen && !shown.includes(chosen)) shown = [chosen, ...shown];
  const select = (
    <select
      id={id}
      disabled={!enabled}
      value={value ? value.code : ''}
      onChange={(e) => {
        const o = options.find((x) => x.value === e.target.value);
        onChange(o ? toChosen(o) : null);
      }}
    >
      <option value="">{picker.placeholder ?? `${th.choose}${picker.label}`}</option>
      {shown.map((o) => (
        <option key={o.value} value={o.value} data-color={colors?.get(o.value)?.color}>
          {o.label}
        </option>
      ))}
    </select>
  );
  return (
    <>
      {searchable && (
        <input type="search" aria-label={`${th.search}${picker.label}`} placeholder={th.search} value={query} disabled={!enabled} onChange={(e) => setQuery(e.target.value)} />
      )}
      {colors ? (
        <div className="picker-swatch-row">
          <span className="swatch swatch-line picker-swatch" data-testid={`swatch-${picker.id}`} style={{ ['--swatch' as string]: swatch?.color ?? 'transparent' }} title={swatch?.label} aria-hidden />
          {select}
        </div>
      ) : (
        select
      )}
      {searchable && matches.length > cap && <p className="cap-note">{th.capNote(cap, matches.length)}</p>}
    </>
  );
}

/** Case-insensitive substring search on the label (SPEC.md §2). */
export function filterOptions(options: readonly Option[], query: string): Option[] {
  const q = query.trim().toLocaleLowerCase();
  return q ? options.filter((o) => o.label.toLocaleLowerCase().includes(q)) : [...options];
}

/** The picker's own cap, else the app's dropdown cap (50; islands declare 150). */
export function capOf(picker: Pick<ResolvedPicker, 'cap'>, fallback: number): number {
  return picker.cap ?? fallback;
}

/** The failure text: the picker's errorText, else that of the variant list it reads, else '--'. */
function failedListText(picker: ResolvedPicker, variant: ResolvedVariant): string {
  if (picker.errorText) return picker.errorText;
  const source = picker.source;
  if ('list' in source) {
    const list = variant.lists.find((l) => l.id === source.list);
    if (list?.errorText) return list.errorText;
  }
  return th.listFailed;
}

/**
 * Year -> colour from the legend that covers most of these years: the legends the variant uses
 * first (its layers' and legend sections'), then any other. Null when no legend knows them.
 */
/** A year's colour and its legend item's label. */
interface YearSwatch { color: string; label: string }

export function yearSwatches(variant: ResolvedVariant, legends: readonly Legend[], options: readonly Option[]): Map<string, YearSwatch> | null {
  if (options.length === 0) return null;
  const own = new Set<string>([
    ...variant.layers.flatMap((l) => (l.legend ? [l.legend] : [])),
    ...variant.sections.flatMap((s) => sectionDefinitionOf(s).declares?.(s).legends ?? []),
  ]);
  const ordered = [...legends.filter((l) => own.has(l.id)), ...legends.filter((l) => !own.has(l.id))];
  let best: { legend: Legend; covered: number } | null = null;
  for (const legend of ordered) {
    const codes = new Set(legend.items.filter((i) => i.color && i.code !== undefined).map((i) => String(i.code)));
    const covered = options.filter((o) => codes.has(o.value) || codes.has(o.label)).length;
    if (covered > (best?.covered ?? 0)) best = { legend, covered };
  }
  if (!best) return null;
  const colors = new Map<string, YearSwatch>();
  for (const o of options) {
    const item = best.legend.items.find((i) => i.code !== undefined && (String(i.code) === o.value || String(i.code) === o.label));
    if (item?.color) colors.set(o.value, { color: item.color, label: item.label });
  }
  return colors;
}

function defaultChoice(picker: ResolvedPicker, options: readonly Option[]): Chosen | Chosen[] | null {
  const d = picker.default;
  if (!d || options.length === 0) return null;
  if (d === 'first' || d === 'last') {
    const o = d === 'first' ? options[0] : options[options.length - 1];
    return o ? (picker.kind === 'multiselect' ? [toChosen(o)] : toChosen(o)) : null;
  }
  const matches = options.filter((o) => d.includes(o.value)).map(toChosen);
  if (picker.kind === 'multiselect') return matches.length ? matches : null;
  return matches[0] ?? null;
}
