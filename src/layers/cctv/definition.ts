// cctv layer type (SPEC.md §2 /cctv, §3): the coastal CCTV cameras as icons; a click opens a
// popup with code, site, band, the embedded live video and the link 'Coastal CCTV Live'.
import type { LayerDefinition } from '../types.ts';
import { layerSchema, type TemplateOf } from '../define.ts';
import { PAINTED } from '../schemaParts.ts';
import { stationBehaviour, stationProperties, type StationDraw } from '../stations.ts';

const cctvSchema = layerSchema(
  'cctv',
  "coastal CCTV camera markers with a popup of code, site, band, the live video and the link 'Coastal CCTV Live'",
  stationProperties('cctv.json'),
  [],
  PAINTED,
);

export type CctvTemplate = TemplateOf<typeof cctvSchema>;

export const cctvDefinition: LayerDefinition<CctvTemplate, StationDraw> = {
  type: 'cctv',
  schema: cctvSchema,
  example: { id: 'cctv', layerId: 'cctv', type: 'cctv', name: 'กล้อง CCTV ชายฝั่ง', legend: 'stations', legendItem: 'cctv', auto: true },
  ...stationBehaviour<CctvTemplate>('cctv'),
};
