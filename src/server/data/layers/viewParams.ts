// Viewparams keys of the SQL-view layers (SPEC.md §7): an administrative code of 2-6 digits,
// Buddhist-era years, Thai names of at most 100 characters.

import type { ViewParamsSpec } from './types.ts';

const year = { type: 'year', min: 2400, max: 2700, required: true } as const;
const text = (required: boolean) => ({ type: 'text', maxLength: 100, minLength: 1, required }) as const;

export const CODE_YEARS: ViewParamsSpec = {
  code: { type: 'digits', minLength: 2, maxLength: 6, required: true },
  start: year,
  end: year,
};

export const ISLAND_YEARS: ViewParamsSpec = { island: text(true), ap_tn: text(false), pv_tn: text(false), start: year, end: year };

export const ISLAND_ONLY: ViewParamsSpec = { island: text(true), ap_tn: text(false), pv_tn: text(false) };

export const OPTIONAL_YEARS: ViewParamsSpec = {
  start: { ...year, required: false },
  end: { ...year, required: false },
};
