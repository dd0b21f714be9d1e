// The layer catalog (config/layers.yaml) expanded into the layers it publishes: dimensions
// multiplied out, attribute lists and viewparam sets resolved, placeholders filled. Pure: the
// server builds its SQL from the result, check:config reports the problems with file:line:column.
import type { JsonPath } from './errors.ts';
import type { CatalogDoc } from './generated/layers.ts';

/** config/layers.yaml as validated has the shape of schemas/layers.schema.json (its generated type). */
export type { CatalogDoc };
type CatalogEntry = CatalogDoc['layers'][number];
type CatalogVector = Extract<CatalogEntry, { table: string }>;
type CatalogAttribute = CatalogVector['attributes'][number];
export type AttributeType = Exclude<CatalogAttribute, string>['type'];
export type GeometryKind = CatalogVector['geometry'];
export type ViewParamSpec = NonNullable<CatalogDoc['viewParams']>[string][string];

export interface PublishedAttribute {
  name: string;
  type: AttributeType;
  expr?: string;
}

export type PublishedFilter =
  | { kind: 'equals'; param: string; column: string }
  | { kind: 'anyOf'; param: string; columns: readonly string[] }
  | { kind: 'in'; params: readonly string[]; column: string };

export interface PublishedVector {
  kind: 'vector';
  /** Its entry in the catalog document: layers[origin]. */
  origin: number;
  /** The entry's name template ('cmline_{year}'). */
  template: string;
  name: string;
  title: string;
  table: string;
  geometryKind: GeometryKind;
  idColumn: string;
  attributes: readonly PublishedAttribute[];
  /** Fixed filters column = literal, in order. */
  where: ReadonlyArray<readonly [string, number | string]>;
  viewParams?: Readonly<Record<string, ViewParamSpec>>;
  filters: readonly PublishedFilter[];
  legend?: string;
  queryable: boolean;
}

interface PublishedRaster {
  kind: 'raster';
  name: string;
  title: string;
  abstract: string;
  landTable: 'land';
}

export interface PublishedFamily {
  kind: 'family';
  family: 'cvi';
  /** The fixed attributes; the family adds the computed ones. */
  attributes: readonly PublishedAttribute[];
  legend?: string;
}

export type Published = PublishedVector | PublishedRaster | PublishedFamily;

interface CatalogProblem {
  path: JsonPath;
  message: string;
}

const PLACEHOLDER = /\{([a-z_][a-z0-9_]*)(\.label)?\}/g;
/** Literals of fixed filters: integers and lower-case words (they are written into SQL). */
const WORD = /^[a-z_-]+$/;

interface Binding {
  value: string;
  label: string;
}

function dimensionValues(doc: CatalogDoc, id: string): Binding[] | undefined {
  const dim = doc.dimensions?.[id];
  if (!dim) return undefined;
  return Array.isArray(dim) ? dim.map((v) => ({ value: String(v), label: String(v) })) : Object.entries(dim).map(([value, label]) => ({ value, label }));
}

/** Every combination of the `for` dimensions, the first one outermost. */
function combinations(doc: CatalogDoc, dims: Record<string, string>, at: JsonPath, problems: CatalogProblem[]): Array<Record<string, Binding>> {
  let out: Array<Record<string, Binding>> = [{}];
  for (const [placeholder, id] of Object.entries(dims)) {
    const values = dimensionValues(doc, id);
    if (!values) {
      problems.push({ path: [...at, 'for', placeholder], message: `unknown dimension "${id}" (known: ${Object.keys(doc.dimensions ?? {}).join(', ') || 'none'})` });
      return [];
    }
    out = out.flatMap((combo) => values.map((b) => ({ ...combo, [placeholder]: b })));
  }
  return out;
}

function fill(text: string, combo: Record<string, Binding>, path: JsonPath, problems: CatalogProblem[]): string {
  return text.replace(PLACEHOLDER, (whole, name: string, label?: string) => {
    const b = combo[name];
    if (!b) {
      problems.push({ path, message: `placeholder ${whole} names no dimension of this layer's "for"` });
      return whole;
    }
    return label ? b.label : b.value;
  });
}

const ATTRIBUTE = /^([A-Za-z_][A-Za-z0-9_]*):([a-z]+)$/;

function resolveAttributes(doc: CatalogDoc, list: readonly CatalogAttribute[], at: JsonPath, problems: CatalogProblem[], seen: readonly string[] = []): PublishedAttribute[] {
  return list.flatMap((a, i): PublishedAttribute[] => {
    if (typeof a !== 'string') return [a];
    if (!a.startsWith('$')) {
      const [, name, type] = ATTRIBUTE.exec(a) ?? [];
      return name && type ? [{ name, type: type as AttributeType }] : [];
    }
    const set = a.slice(1);
    const items = doc.attributes?.[set];
    if (!items) {
      problems.push({ path: [...at, i], message: `unknown attribute list "${a}" (known: ${Object.keys(doc.attributes ?? {}).map((k) => `$${k}`).join(', ') || 'none'})` });
      return [];
    }
    if (seen.includes(set)) {
      problems.push({ path: [...at, i], message: `attribute list "${a}" includes itself` });
      return [];
    }
    return resolveAttributes(doc, items, ['attributes', set], problems, [...seen, set]);
  });
}

function filtersOf(layer: CatalogVector, params: Readonly<Record<string, ViewParamSpec>> | undefined, at: JsonPath, problems: CatalogProblem[]): PublishedFilter[] {
  return (layer.filters ?? []).map((f, i) => {
    const names = 'params' in f ? f.params : [f.param];
    for (const name of names) {
      if (!params?.[name]) problems.push({ path: [...at, 'filters', i], message: `viewparam "${name}" is not in this layer's viewParams${layer.viewParams ? ` "${layer.viewParams}"` : ''}` });
    }
    if ('params' in f && f.params.some((name) => params?.[name]?.required)) {
      problems.push({ path: [...at, 'filters', i], message: '"params" filters apply only when every viewparam is given: their viewparams must be optional' });
    }
    if ('params' in f) return { kind: 'in', params: f.params, column: f.column };
    return 'anyOf' in f ? { kind: 'anyOf', param: f.param, columns: f.anyOf } : { kind: 'equals', param: f.param, column: f.column };
  });
}

function vectorLayers(doc: CatalogDoc, layer: CatalogVector, origin: number, problems: CatalogProblem[]): PublishedVector[] {
  const at: JsonPath = ['layers', origin];
  const attributes = resolveAttributes(doc, layer.attributes, [...at, 'attributes'], problems);
  const names = attributes.map((a) => a.name);
  const twice = names.filter((n, i) => names.indexOf(n) !== i);
  if (twice.length) problems.push({ path: [...at, 'attributes'], message: `attribute "${twice[0]}" is listed twice` });
  if (!names.includes(layer.id)) problems.push({ path: [...at, 'id'], message: `id "${layer.id}" is not one of the layer's attributes` });
  const params = layer.viewParams === undefined ? undefined : doc.viewParams?.[layer.viewParams];
  if (layer.viewParams !== undefined && !params) {
    problems.push({ path: [...at, 'viewParams'], message: `unknown viewParams set "${layer.viewParams}" (known: ${Object.keys(doc.viewParams ?? {}).join(', ') || 'none'})` });
  }
  const filters = filtersOf(layer, params, at, problems);
  return combinations(doc, layer.for ?? {}, at, problems).map((combo) => {
    const where = Object.entries(layer.where ?? {}).map(([column, raw]): [string, number | string] => {
      const value = fill(String(raw), combo, [...at, 'where', column], problems);
      if (/^-?\d+$/.test(value)) return [column, Number(value)];
      if (!WORD.test(value)) problems.push({ path: [...at, 'where', column], message: `"${value}" is neither an integer nor a lower-case word` });
      return [column, value];
    });
    return {
      kind: 'vector',
      origin,
      template: layer.name,
      name: fill(layer.name, combo, [...at, 'name'], problems),
      title: fill(layer.title, combo, [...at, 'title'], problems),
      table: layer.table,
      geometryKind: layer.geometry,
      idColumn: layer.id,
      attributes,
      where,
      ...(params ? { viewParams: params } : {}),
      filters,
      ...(layer.legend ? { legend: layer.legend } : {}),
      queryable: layer.queryable,
    };
  });
}

/** The published layers of a catalog and the problems found (names and paths into the document). */
export function expandCatalog(doc: CatalogDoc): { layers: Published[]; problems: CatalogProblem[] } {
  const problems: CatalogProblem[] = [];
  const layers: Published[] = [];
  const seen = new Map<string, number>();
  doc.layers.forEach((layer, i) => {
    const at: JsonPath = ['layers', i];
    if ('family' in layer) {
      const attributes = resolveAttributes(doc, layer.attributes, [...at, 'attributes'], problems);
      layers.push({ kind: 'family', family: layer.family, attributes, ...(layer.legend ? { legend: layer.legend } : {}) });
      return;
    }
    const published: Array<PublishedVector | PublishedRaster> =
      'raster' in layer
        ? combinations(doc, layer.for ?? {}, at, problems).map((combo) => ({
            kind: 'raster',
            name: fill(layer.name, combo, [...at, 'name'], problems),
            title: fill(layer.title, combo, [...at, 'title'], problems),
            abstract: fill(layer.abstract, combo, [...at, 'abstract'], problems),
            landTable: layer.raster,
          }))
        : vectorLayers(doc, layer, i, problems);
    for (const p of published) {
      const other = seen.get(p.name);
      if (other !== undefined) problems.push({ path: [...at, 'name'], message: `layer "${p.name}" is published twice (also by layers[${other}])` });
      seen.set(p.name, i);
      layers.push(p);
    }
  });
  return { layers, problems };
}

/** A dimension's values (the sample generator makes data for exactly the published years). */
export function catalogDimension(doc: CatalogDoc, id: string): string[] {
  const values = dimensionValues(doc, id);
  if (!values) throw new Error(`config/layers.yaml: no dimension "${id}"`);
  return values.map((b) => b.value);
}

/** Where the attribute `name` of catalog entry layers[origin] is declared: its item in the
 *  entry's list, or in a named list the entry includes ('$admin'); the list itself if not found. */
export function attributeSource(doc: CatalogDoc, origin: number, name: string): JsonPath {
  const find = (list: readonly CatalogAttribute[], at: JsonPath, seen: readonly string[]): JsonPath | undefined => {
    for (const [k, a] of list.entries()) {
      if (typeof a !== 'string') {
        if (a.name === name) return [...at, k];
      } else if (a.startsWith('$')) {
        const set = a.slice(1);
        const items = doc.attributes?.[set];
        const inner = items && !seen.includes(set) ? find(items, ['attributes', set], [...seen, set]) : undefined;
        if (inner) return inner;
      } else if (a.split(':')[0] === name) return [...at, k];
    }
    return undefined;
  };
  const entry = doc.layers[origin];
  const at: JsonPath = ['layers', origin, 'attributes'];
  return entry && 'attributes' in entry ? (find(entry.attributes, at, []) ?? at) : at;
}
