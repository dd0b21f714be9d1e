// coastalradar layer type (SPEC.md §2 /radar, §3, §9): the HF radar stations as 24x28 icons;
// a click opens a popup with CODE, BAND and SITE (the CCTV link is not shown).
import type { LayerDefinition } from '../types.ts';
import { layerSchema, type TemplateOf } from '../define.ts';
import { PAINTED } from '../schemaParts.ts';
import { stationBehaviour, stationProperties, type StationDraw } from '../stations.ts';

const coastalradarSchema = layerSchema(
  'coastalradar',
  'HF radar station markers (24x28 icons) with a popup of CODE, BAND and SITE',
  stationProperties('radar_stations.json'),
  [],
  PAINTED,
);

export type CoastalradarTemplate = TemplateOf<typeof coastalradarSchema>;

export const coastalradarDefinition: LayerDefinition<CoastalradarTemplate, StationDraw> = {
  type: 'coastalradar',
  schema: coastalradarSchema,
  example: { id: 'stations', layerId: 'radar-stations', type: 'coastalradar', name: 'สถานีเรดาร์ชายฝั่ง', legend: 'stations', legendItem: 'radar', auto: true },
  ...stationBehaviour<CoastalradarTemplate>('radar'),
};
