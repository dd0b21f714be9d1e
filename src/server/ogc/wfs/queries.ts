// The queries of a GetFeature (or GetPropertyValue, or a stored query): one per feature type,
// each with its filters (BBOX for all; CQL_FILTER `;`-separated and FILTER `(..)(..)` per type, `()`
// for none, or one for all; RESOURCEID), viewparams, SORTBY and PROPERTYNAME, as SQL selections.

import type { VectorFeatureType } from '../../data/featureTypes.ts';
import { OgcError } from '../exception.ts';
import { andFilters, bboxFilter, parseBbox, parseCql, parseFes, splitPerLayer, type FilterNode } from '../filter/index.ts';
import { viewparamsPerLayer } from '../params.ts';
import { selectLayer, type LayerSelection, type SortKey } from '../query.ts';
import type { OgcRequest, OgcServiceCore as OgcService } from '../serviceCore.ts';
import { MAX_TYPES, typeNameList, vectorType } from './names.ts';
import { parsePropertyNames, parseSortBy, perType, resourceIdList, type Properties } from './params.ts';

export interface TypeQuery {
  ft: VectorFeatureType;
  sel: LayerSelection;
  props: Properties;
  sort: SortKey[];
}

/** The types a request reads: TYPENAMES, or without it the types its resource ids name. */
function requestedTypes(svc: OgcService, r: OgcRequest, ids: readonly string[] | undefined): VectorFeatureType[] {
  const named = r.kvp.get('TYPENAMES') ?? r.kvp.get('TYPENAME');
  if ((named === undefined || named.trim() === '') && ids) {
    const names = new Set<string>();
    for (const id of ids) {
      const dot = id.lastIndexOf('.');
      if (dot <= 0) throw new OgcError('InvalidParameterValue', `resource id "${id.slice(0, 60)}" is not of the form <typeName>.<number>`, 'RESOURCEID');
      names.add(id.slice(0, dot));
    }
    if (names.size > MAX_TYPES) throw new OgcError('InvalidParameterValue', `resource ids of at most ${MAX_TYPES} types`, 'RESOURCEID');
    return [...names].map((n) => vectorType(svc, n, 'RESOURCEID'));
  }
  return typeNameList(svc, r, true);
}

function cqlPerType(raw: string | undefined, types: number): Array<FilterNode | undefined> {
  if (raw === undefined || raw.trim() === '') return Array.from({ length: types }, () => undefined);
  const parts = splitPerLayer(raw);
  if (parts.length !== 1 && parts.length !== types) {
    throw new OgcError('InvalidParameterValue', `CQL_FILTER has ${parts.length} filters for ${types} type(s); give one, or one per type separated by ";"`, 'CQL_FILTER');
  }
  const parsed = parts.map((part) => parseCql(part, { locator: 'CQL_FILTER' }));
  return Array.from({ length: types }, (_, i) => parsed[parts.length === 1 ? 0 : i]);
}

/** One query per requested type; `ids` (default: RESOURCEID / FEATUREID) select features by id. */
export function featureQueries(svc: OgcService, r: OgcRequest, ids: readonly string[] | undefined = resourceIdList(r.kvp)): TypeQuery[] {
  const k = r.kvp;
  const types = requestedTypes(svc, r, ids);
  const defaultCrs = r.version === '1.0.0' ? 'EPSG:4326' : 'CRS84';
  const bboxRaw = k.get('BBOX');
  const bbox = bboxRaw !== undefined && bboxRaw.trim() !== '' ? bboxFilter(parseBbox(bboxRaw, { defaultCrs, locator: 'BBOX' })) : undefined;
  const cqls = cqlPerType(k.get('CQL_FILTER'), types.length);
  const fess = perType(k.get('FILTER'), types.length, 'FILTER').map((raw) => (raw === undefined || raw.trim() === '' ? undefined : parseFes(raw, { locator: 'FILTER', defaultCrs })));
  const values = viewparamsPerLayer(k, types);
  const sorts = perType(k.get('SORTBY'), types.length, 'SORTBY');
  const properties = perType(k.get('PROPERTYNAME'), types.length, 'PROPERTYNAME');
  const idFilter: FilterNode | undefined = ids ? { type: 'resourceId', ids: [...ids] } : undefined;
  return types.map((ft, i) => {
    const filter = andFilters(bbox, cqls[i], fess[i], idFilter);
    return {
      ft,
      sel: selectLayer(ft, values[i], filter, fess[i] ? 'FILTER' : 'CQL_FILTER'),
      props: parsePropertyNames(svc, ft, properties[i]),
      sort: parseSortBy(svc, ft, sorts[i]),
    };
  });
}
