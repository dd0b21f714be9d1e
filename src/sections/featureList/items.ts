// What a featureList shows and where a click takes the map: pure, tested without a browser.
import type { Option } from '../../engine/options.ts';
import type { FieldMap, LonLat } from '../../engine/types.ts';

/** The row field holding an item's [lon, lat] (the assets' `point`, src/server/routes/assets.ts). */
export const POINT_FIELD = 'point';

/** The fields an option of this source carries (value, label and extra), or undefined for
 *  fixed options and variant lists, which have no row fields. */
export function sourceFieldNames(source: object): string[] | undefined {
  if (!('router' in source) && !('asset' in source)) return undefined;
  const fields: FieldMap = 'fields' in source && source.fields ? (source.fields as FieldMap) : {};
  return [fields.value ?? 'code', fields.label ?? 'name', ...(fields.extra ?? [])];
}

/** Where the map goes for an item: its point at the fit zoom (SPEC.md §4 fit max zoom 12). */
export interface FitTarget { center: LonLat; zoom: number }

interface ListItem { key: string; label: string; detail?: string; target: FitTarget | null }

function isLonLat(v: unknown): v is LonLat {
  return Array.isArray(v) && v.length === 2 && typeof v[0] === 'number' && typeof v[1] === 'number'
    && Math.abs(v[0]) <= 180 && Math.abs(v[1]) <= 90;
}

export function fitTarget(extra: Readonly<Record<string, unknown>>, fitMaxZoom: number): FitTarget | null {
  const point = extra[POINT_FIELD];
  return isLonLat(point) ? { center: [point[0], point[1]], zoom: fitMaxZoom } : null;
}

/** A field of an option: an extra field, else the option's label or value when the field is the
 *  one the source maps to them. */
function fieldOf(option: Option, field: string, fields: FieldMap): string | undefined {
  const extra = option.extra[field];
  if (extra !== undefined && extra !== null) return String(extra);
  if (field === (fields.label ?? 'name')) return option.label;
  if (field === (fields.value ?? 'code')) return option.value;
  return undefined;
}

export function listItems(options: readonly Option[], show: { label: string; detail?: string | undefined }, fields: FieldMap, fitMaxZoom: number): ListItem[] {
  return options.map((o) => {
    const detail = show.detail === undefined ? undefined : fieldOf(o, show.detail, fields);
    return {
      key: o.value,
      label: fieldOf(o, show.label, fields) ?? o.label,
      ...(detail !== undefined ? { detail } : {}),
      target: fitTarget(o.extra, fitMaxZoom),
    };
  });
}
