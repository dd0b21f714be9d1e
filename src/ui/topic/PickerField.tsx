// One picker: a labelled select (or multi-select with chips), its loading skeleton, its failure
// text ('--' by default, SPEC.md §8) and its default choice.
import { useEffect, useId } from 'react';
import type { ResolvedPicker, ResolvedVariant } from '../../engine/types.ts';
import { toChosen, type Chosen, type Option, type PickerValue, type PickerValues } from '../../engine/options.ts';
import { th } from '../../locale/th.ts';
import { useOptions } from './useOptions.ts';
import { MultiPicker } from './MultiPicker.tsx';

export interface PickerFieldProps {
  picker: ResolvedPicker;
  variant: ResolvedVariant;
  enabled: boolean;
  value: PickerValue | undefined;
  values: PickerValues;
  onChange: (value: Chosen | Chosen[] | null) => void;
}

export function PickerField({ picker, variant, enabled, value, values, onChange }: PickerFieldProps) {
  const id = useId();
  const state = useOptions(picker, variant, enabled, values);
  const options = state.status === 'ready' ? state.options : [];

  useEffect(() => {
    if (state.status !== 'ready' || value || !picker.default) return;
    const chosen = defaultChoice(picker, state.options);
    if (chosen) onChange(chosen);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- apply the default once per list
  }, [state]);

  const failure = picker.errorText ?? th.listFailed;
  return (
    <div className={`picker picker-${picker.kind}`} aria-busy={state.status === 'loading'}>
      <label htmlFor={id}>{picker.label}</label>
      {state.status === 'loading' ? (
        <div className="skeleton" id={id} role="progressbar" aria-label={`${picker.label}: ${th.loading}`} />
      ) : state.status === 'error' ? (
        <select id={id} disabled className="picker-failed">
          <option>{failure}</option>
        </select>
      ) : picker.kind === 'multiselect' ? (
        <MultiPicker id={id} picker={picker} options={options} enabled={enabled} value={Array.isArray(value) ? value : []} onChange={onChange} />
      ) : (
        <select
          id={id}
          disabled={!enabled}
          value={value && !Array.isArray(value) ? value.code : ''}
          onChange={(e) => {
            const o = options.find((x) => x.value === e.target.value);
            onChange(o ? toChosen(o) : null);
          }}
        >
          <option value="">{picker.placeholder ?? `${th.choose}${picker.label}`}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </div>
  );
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
