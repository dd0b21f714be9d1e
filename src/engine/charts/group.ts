// Groups a row result's features by a chart spec's levels and aggregates their values (SPEC.md
// §4 Charts, §3 "Chart data: nested province > district (> sub-district) with area"). Pure.
//
// Rules, all from the spec (nothing here knows a provider's field names):
// - the levels used are those whose `when` holds for the result's viewparams;
// - a level's name is the first non-blank of its fields (trimmed; a finite number counts too),
//   else its `unknown` name, else the feature is left out; `append` adds ' (part or field)';
// - the value is the numeric field (a number or a numeric string), else 0 (`missing: zero`) or
//   the feature is left out; `count` reads no field;
// - groups keep the order their first feature came in, at every level;
// - a weighted mean (`weight`) is the sum of value x weight over the sum of the weights;
// - a share (`shares`) is the sum of its `count` over the sum of its `of`, in per cent.
import type { ChartSpec, GroupLevel } from './spec.ts';

/** A result feature as far as charts care: GeoJSON features fit as they are. */
export interface ChartFeature {
  id?: string | number | null;
  properties?: Readonly<Record<string, unknown>> | null;
}

interface FeatureSet {
  features: readonly ChartFeature[];
}

/** What a chart reads of a toggle row's result. */
export interface ChartInput {
  /** Every feature of the result (the parts merged). */
  features: FeatureSet;
  /** The result as requested, one part per request; `label` names the part (the island of a
   *  request split by island). When given, the chart reads the parts instead of `features`. */
  parts?: ReadonlyArray<{ label?: string; features: FeatureSet }>;
  /** The viewparams the result was requested with, e.g. { code: '90', start: '2562', end: '2567' }. */
  viewparams?: Readonly<Record<string, string>>;
}

/** One leaf group (and stack class) of the chart. */
export interface AggregateRow {
  /** One name per level used, outermost first. */
  names: string[];
  /** Index of the stack class (stackedBar, line series). */
  stack?: number;
  value: number;
  /** One per spec share: the group's percentage, null when its `of` sums to 0. */
  shares: Array<number | null>;
}

interface Aggregated {
  levels: GroupLevel[];
  rows: AggregateRow[];
  /** The value of all charted features together (the sum, their mean or their count). */
  total: number;
  /** The shares of all charted features together. */
  totalShares: Array<number | null>;
}

type ValueSpec = ChartSpec['value'];

interface Tally {
  /** Sum of value x weight (the weight is 1 unless a weighted mean). */
  sum: number;
  n: number;
  /** Sum of the weights. */
  w: number;
  /** Per share: the sum of its count, then the sum of its of. */
  parts: number[];
}

interface Entry {
  value: number;
  weight: number;
  parts: number[];
}

interface Node extends Tally {
  children: Map<string, Node>;
  classes: Map<number, Tally>;
}

const tally = (): Tally => ({ sum: 0, n: 0, w: 0, parts: [] });
const node = (): Node => ({ ...tally(), children: new Map(), classes: new Map() });

/** The levels a result is charted at: those without `when`, or whose viewparam (blank when
 *  absent) does not match `when.notMatching`. */
export function levelsFor(groupBy: readonly GroupLevel[], viewparams: ChartInput['viewparams']): GroupLevel[] {
  return groupBy.filter((level) => !level.when || !new RegExp(level.when.notMatching).test(viewparams?.[level.when.viewparam] ?? ''));
}

/** A property as a name: a non-blank string (trimmed) or a finite number, else null. */
export function textOf(properties: Readonly<Record<string, unknown>>, field: string): string | null {
  const value = properties[field];
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : null;
}

/** A property as a number: a finite number or a string holding one ('1234.5'), else null. */
export function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

function nameAt(level: GroupLevel, properties: Readonly<Record<string, unknown>>, partLabel: string | null): string | null {
  const name = level.fields.reduce<string | null>((found, field) => found ?? textOf(properties, field), null) ?? level.unknown ?? null;
  if (name === null || !level.append) return name;
  const { part, field } = level.append;
  const extra = (part ? partLabel : null) ?? (field ? textOf(properties, field) : null);
  return extra ? `${name} (${extra})` : name;
}

function valueOf(value: ValueSpec, properties: Readonly<Record<string, unknown>>): number | null {
  if (value.aggregate === 'count') return 0;
  return numberOf(properties[value.field]) ?? (value.missing === 'zero' ? 0 : null);
}

/** A feature's weight: 1, or for a weighted mean its positive `weight` property (else null). */
function weightOf(value: ValueSpec, properties: Readonly<Record<string, unknown>>): number | null {
  if (!value.weight || value.aggregate !== 'mean') return 1;
  const w = numberOf(properties[value.weight]);
  return w !== null && w > 0 ? w : null;
}

/** The value of a group: its sum, (weighted) mean or count. */
function aggregateValue(value: ValueSpec, { sum, n, w }: Tally): number {
  if (value.aggregate === 'count') return n;
  return value.aggregate === 'mean' ? sum / w : sum;
}

/** The percentages of a tally's shares. */
function sharesOf(t: Tally, count: number): Array<number | null> {
  return Array.from({ length: count }, (_, k) => {
    const of = t.parts[2 * k + 1] ?? 0;
    return of > 0 ? (100 * (t.parts[2 * k] ?? 0)) / of : null;
  });
}

function add(t: Tally, e: Entry): void {
  t.sum += e.value * e.weight;
  t.n += 1;
  t.w += e.weight;
  e.parts.forEach((p, k) => (t.parts[k] = (t.parts[k] ?? 0) + p));
}

/** Groups the result's features by the spec. `classOf` (stacked charts) gives a feature's stack
 *  class index, or null to leave it out. Null when no feature is charted (SPEC.md §4: no chart
 *  for empty data). */
export function aggregate(
  spec: Pick<ChartSpec, 'groupBy' | 'value' | 'shares'>,
  input: ChartInput,
  classOf?: (properties: Readonly<Record<string, unknown>>) => number | null,
): Aggregated | null {
  const levels = levelsFor(spec.groupBy, input.viewparams);
  const shares = spec.shares ?? [];
  const root = node();
  const sets = input.parts?.length ? input.parts : [{ features: input.features }];
  for (const set of sets) {
    const partLabel = set.label?.trim() || null;
    for (const feature of set.features.features) {
      const properties = feature.properties ?? {};
      const names = levels.map((level) => nameAt(level, properties, partLabel));
      const value = valueOf(spec.value, properties);
      const weight = weightOf(spec.value, properties);
      const stack = classOf ? classOf(properties) : undefined;
      if (value === null || weight === null || stack === null || names.some((name) => name === null)) continue;
      const entry: Entry = { value, weight, parts: shares.flatMap((sh) => [numberOf(properties[sh.count]) ?? 0, numberOf(properties[sh.of]) ?? 0]) };
      add(root, entry);
      let at = root;
      for (const name of names as string[]) {
        const child = at.children.get(name) ?? node();
        at.children.set(name, child);
        add(child, entry);
        at = child;
      }
      if (stack !== undefined) {
        const t = at.classes.get(stack) ?? tally();
        at.classes.set(stack, t);
        add(t, entry);
      }
    }
  }
  if (root.n === 0) return null;
  const rows: AggregateRow[] = [];
  const walk = (at: Node, names: string[]) => {
    if (names.length < levels.length) {
      for (const [name, child] of at.children) walk(child, [...names, name]);
    } else if (classOf) {
      for (const stack of [...at.classes.keys()].sort((a, b) => a - b)) {
        const t = at.classes.get(stack)!;
        rows.push({ names, stack, value: aggregateValue(spec.value, t), shares: sharesOf(t, shares.length) });
      }
    } else {
      rows.push({ names, value: aggregateValue(spec.value, at), shares: sharesOf(at, shares.length) });
    }
  };
  walk(root, []);
  return { levels, rows, total: aggregateValue(spec.value, root), totalShares: sharesOf(root, shares.length) };
}
