// Validation rules of a variant (config `validations`, SPEC.md §5), checked in the order a
// section or row lists them before its action runs; the first failing rule's message is shown
// and nothing is fetched. Pure: picker values in, a message (or null) out.
import type { Validation } from '../../../engine/types.ts';
import type { Chosen, PickerValue, PickerValues } from '../../../engine/options.ts';

/** The chosen items of a picker: [] when unchosen, one item for a single select. */
function items(value: PickerValue | undefined): Chosen[] {
  if (!value) return [];
  return Array.isArray(value) ? value : [value];
}

/** A year (or any ordered code) as a number: the code when numeric, else the first number in the label. */
export function orderKey(value: Chosen): number {
  const fromCode = Number(value.code);
  if (value.code.trim() !== '' && Number.isFinite(fromCode)) return fromCode;
  const match = /-?\d+(?:\.\d+)?/.exec(value.name) ?? /-?\d+(?:\.\d+)?/.exec(value.code);
  return match ? Number(match[0]) : Number.NaN;
}

/** True when the rule holds for these values. */
export function rulePasses(rule: Validation, values: PickerValues): boolean {
  const [first, second] = rule.pickers;
  switch (rule.rule) {
    // Every named picker is chosen (a multi-select with at least one item).
    case 'required':
      return rule.pickers.every((id) => items(values[id]).length > 0);
    // At least one item in each named multi-select (or a chosen single select).
    case 'minItems':
      return rule.pickers.every((id) => items(values[id]).length >= 1);
    // Two pickers hold different values: both must be chosen, and their codes differ.
    case 'different': {
      const a = first === undefined ? undefined : items(values[first])[0];
      const b = second === undefined ? undefined : items(values[second])[0];
      return !!a && !!b && a.code !== b.code;
    }
    // The first is not later than the second (start <= end). Unchosen or non-numeric values
    // are left to the other rules (required / different) and pass here.
    case 'ordered': {
      const a = first === undefined ? undefined : items(values[first])[0];
      const b = second === undefined ? undefined : items(values[second])[0];
      if (!a || !b) return true;
      const ka = orderKey(a);
      const kb = orderKey(b);
      if (Number.isNaN(ka) || Number.isNaN(kb)) return a.code.localeCompare(b.code) <= 0;
      return ka <= kb;
    }
    default:
      return true;
  }
}

/**
 * The first failing rule among `ids` (in that order), or null when all pass. Unknown ids are
 * skipped (the config checks report them).
 */
export function firstFailure(validations: readonly Validation[], ids: readonly string[] | undefined, values: PickerValues): Validation | null {
  for (const id of ids ?? []) {
    const rule = validations.find((v) => v.id === id);
    if (rule && !rulePasses(rule, values)) return rule;
  }
  return null;
}

/** The Thai message of the first failing rule, or null. */
export function validationMessage(validations: readonly Validation[], ids: readonly string[] | undefined, values: PickerValues): string | null {
  return firstFailure(validations, ids, values)?.message ?? null;
}
