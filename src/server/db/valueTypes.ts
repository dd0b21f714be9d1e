// One set of value conversions for both engines (see types.ts): node-postgres returns int8 and
// numeric as text and `date` as a local-midnight Date; PGlite returns numeric as text.

const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;

const toNumber = (value: string): number => Number(value);
const asText = (value: string): string => value;

/** Text parsers by type OID that override each engine's defaults. */
export const TEXT_PARSERS: Readonly<Record<number, (value: string) => unknown>> = {
  [INT8]: toNumber,
  [NUMERIC]: toNumber,
  [DATE]: asText,
};
