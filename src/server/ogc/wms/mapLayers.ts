// The layers of a GetMap or GetFeatureInfo (LAYERS / QUERY_LAYERS with their per-layer
// CQL_FILTER and viewparams) and the image format checks.

import type { FeatureType } from '../../data/featureTypes.ts';
import { OgcError } from '../exception.ts';
import { imageFormatOf, type MapFormat } from '../imageFormats.ts';
import type { FilterNode } from '../filter/index.ts';
import { cqlPerLayer, nameList, viewparamsPerLayer } from '../params.ts';
import type { OgcRequest, OgcServiceCore as OgcService } from '../serviceCore.ts';

export interface MapLayerRequest {
  ft: FeatureType;
  filter: FilterNode | undefined;
  values: Readonly<Record<string, string | number | undefined>> | undefined;
}

/** FORMAT of GetLegendGraphic: PNG only (optional). */
export function checkPng(r: OgcRequest, required: boolean): void {
  const raw = required ? r.kvp.require('FORMAT') : r.kvp.get('FORMAT');
  if (raw === undefined || raw === '') return;
  if (imageFormatOf(raw) !== 'png') throw new OgcError('InvalidFormat', `FORMAT "${raw.slice(0, 60)}" is not served; use image/png`, 'FORMAT');
}

/** FORMAT of GetMap (required): image/png or image/jpeg. */
export function mapFormat(r: OgcRequest): MapFormat {
  const raw = r.kvp.require('FORMAT').trim();
  const format = imageFormatOf(raw);
  if (format) return format;
  throw new OgcError('InvalidFormat', `FORMAT "${raw.slice(0, 60)}" is not served; use image/png or image/jpeg`, 'FORMAT');
}

export function mapLayers(svc: OgcService, r: OgcRequest, param: 'LAYERS' | 'QUERY_LAYERS', code: 'LayerNotDefined'): MapLayerRequest[] {
  const names = nameList(r.kvp.require(param), param);
  const fts = names.map((n) => svc.resolve(n, param, code));
  const filters = cqlPerLayer(r.kvp, fts.length);
  const values = viewparamsPerLayer(r.kvp, fts);
  return fts.map((ft, i) => ({ ft, filter: filters[i], values: values[i] }));
}
