// The published layers of the OGC services: type-name resolution with the workspace prefix, the
// per-layer allow-list of attributes for filters, the WMS style and legend of each layer (taken
// from the same config legends the client shows), and layer extents.

import type { Legend } from '../../engine/types.ts';
import type { Attribute, FeatureType, GeometryKind, RasterFeatureType, VectorFeatureType } from '../data/featureTypes.ts';
import { listFeatureTypes, resolveFeatureType } from '../data/featureTypes.ts';
import { fixedStyle, styleFromLegend, type LayerStyle, type StyleOverrides } from './render/index.ts';
import type { ColumnType } from './filter/index.ts';
import { OgcError } from './exception.ts';

/** Colours of the raster stand-in (GISTDA satellite imagery is not part of the sample). */
const SEA_COLOR = '#A9CCE3';
const LAND_COLOR = '#D8CFAF';
/** Thailand and its seas, when a table is empty. */
export const DEFAULT_EXTENT: [number, number, number, number] = [97.3, 5.6, 105.7, 20.5];
/** Layers without a legend of their own. */
const PLAIN_COLOR = '#7F7F7F';

const NAME_RE = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;

/** The namespace prefixes a type name may carry: `{product}` (as the client sends) and `{product}_postgres`. */
export function allowedPrefixes(product: string): string[] {
  return [product, `${product}_postgres`];
}

/**
 * The feature type of a requested name (`tcs:cmline_2567` or `cmline_2567`); an OgcError
 * (LayerNotDefined for WMS, InvalidParameterValue for WFS, as GeoServer answers) otherwise.
 */
export function resolveLayer(
  name: string,
  product: string,
  locator: string,
  code: 'LayerNotDefined' | 'InvalidParameterValue',
  extra?: ReadonlyMap<string, FeatureType>,
): FeatureType {
  const trimmed = name.trim();
  const colon = trimmed.indexOf(':');
  const prefix = colon >= 0 ? trimmed.slice(0, colon) : undefined;
  const bare = colon >= 0 ? trimmed.slice(colon + 1) : trimmed;
  const shown = trimmed.length > 80 ? `${trimmed.slice(0, 80)}...` : trimmed;
  if ((prefix !== undefined && !allowedPrefixes(product).includes(prefix)) || !NAME_RE.test(bare)) {
    throw new OgcError(code, `unknown layer "${shown}"`, locator);
  }
  const ft = extra?.get(bare) ?? resolveFeatureType(bare);
  if (!ft) throw new OgcError(code, `unknown layer "${shown}"`, locator);
  return ft;
}

/** The published name with the workspace prefix, as capabilities list it. */
export function qualifiedName(ft: FeatureType, product: string): string {
  return `${product}:${ft.name}`;
}

export function publishedLayers(extra?: ReadonlyMap<string, FeatureType>): FeatureType[] {
  return extra && extra.size ? [...listFeatureTypes(), ...extra.values()] : listFeatureTypes();
}

const COLUMN_TYPES: Record<Attribute['type'], ColumnType> = { string: 'string', int: 'int', double: 'double', date: 'date', datetime: 'date' };

/** Attribute name -> filter column type (no prototype, so `__proto__` is just an unknown name). */
export function filterColumns(ft: VectorFeatureType): Record<string, ColumnType> {
  const out = Object.create(null) as Record<string, ColumnType>;
  for (const a of ft.attributes) out[a.name] = COLUMN_TYPES[a.type];
  return out;
}

export function attributeNamed(ft: VectorFeatureType, name: string): Attribute | undefined {
  return ft.attributes.find((a) => a.name === name);
}

function styleKind(kind: GeometryKind): 'fill' | 'line' | 'circle' {
  return kind === 'polygon' ? 'fill' : kind === 'line' ? 'line' : 'circle';
}

export interface LayerLook {
  /** The legend the map and GetLegendGraphic use (a synthetic one-item legend when the layer has none). */
  legend: Legend;
  overrides: StyleOverrides;
  style: LayerStyle;
  /** The attribute the style reads (the SQL must select it), if any. */
  field?: string;
  /** The style name capabilities advertise. */
  styleName: string;
}

/** A legend without `field` (e.g. erosion-accretion, stations): the item whose code names the layer. */
function codeFromName(legend: Legend, name: string): string | number | undefined {
  const tokens = new Set(name.split('_'));
  return legend.items.find((item) => item.code !== undefined && tokens.has(String(item.code)))?.code;
}

/** How a layer is drawn and what its legend shows; throws a plain Error only on a config mistake. */
export function layerLook(ft: FeatureType, legends: ReadonlyMap<string, Legend>): LayerLook {
  if (ft.kind === 'raster') return rasterLook(ft);
  const legend = ft.legend !== undefined ? legends.get(ft.legend) : undefined;
  if (legend && legend.type !== 'image') {
    if (legend.field !== undefined && attributeNamed(ft, legend.field)) {
      return { legend, overrides: {}, style: styleFromLegend(legend), field: legend.field, styleName: legend.id };
    }
    if (legend.field === undefined) {
      const code = codeFromName(legend, ft.name);
      const overrides: StyleOverrides = code !== undefined ? { code } : {};
      return { legend, overrides, style: styleFromLegend(legend, overrides), styleName: legend.id };
    }
  }
  const kind = styleKind(ft.geometryKind);
  const own: Legend = { id: ft.name, title: ft.title, type: kind, items: [{ label: ft.title, color: PLAIN_COLOR }] };
  return { legend: own, overrides: {}, style: fixedStyle(kind, PLAIN_COLOR), styleName: 'default' };
}

function rasterLook(ft: RasterFeatureType): LayerLook {
  const legend: Legend = {
    id: ft.name,
    title: ft.title,
    type: 'fill',
    items: [
      { label: 'พื้นดิน (ข้อมูลตัวอย่าง)', code: 'land', color: LAND_COLOR },
      { label: 'ทะเล (ข้อมูลตัวอย่าง)', code: 'sea', color: SEA_COLOR },
    ],
  };
  return { legend, overrides: {}, style: fixedStyle('fill', LAND_COLOR, { opacity: 1 }), styleName: 'default' };
}

/** The sea backdrop of a raster stand-in tile. */
export const SEA_STYLE: LayerStyle = fixedStyle('fill', SEA_COLOR, { opacity: 1, lineWidth: 0 });
