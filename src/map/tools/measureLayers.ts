// The measure tool's drawing on the map (SPEC.md §9 colours): one GeoJSON source with the
// working geometry in #ABE67E and the finished result in #C8F2BE.
import type { Feature, FeatureCollection } from 'geojson';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import type { Measurement } from '../../machines/measure.ts';

export const MEASURE_SOURCE = 'measure-tool';
const MEASURE_ACTIVE_COLOUR = '#ABE67E';
const MEASURE_COMPLETED_COLOUR = '#C8F2BE';
const colour = ['match', ['get', 'status'], 'active', MEASURE_ACTIVE_COLOUR, MEASURE_COMPLETED_COLOUR] as const;

/** The features of the working points (status 'active') and the finished result ('completed');
 *  more than 2 points close the polygon. */
export function measureFeatures(working: Measurement | null, result: Measurement | null): FeatureCollection {
  const features: Feature[] = [];
  for (const [status, m] of [['completed', result], ['active', working]] as const) {
    if (!m) continue;
    const properties = { status };
    if (m.pointCount >= 3) {
      features.push({ type: 'Feature', properties, geometry: { type: 'Polygon', coordinates: [[...m.points, m.points[0]!]] } });
    } else if (m.pointCount === 2) {
      features.push({ type: 'Feature', properties, geometry: { type: 'LineString', coordinates: m.points } });
    }
    for (const point of m.points) features.push({ type: 'Feature', properties, geometry: { type: 'Point', coordinates: point } });
  }
  return { type: 'FeatureCollection', features };
}

/** Adds (once per style, at the first thing to draw) and updates the source and its layers. Until
 *  then the map has none of them: added on every map's load, the empty source and its three layers
 *  cost the first view extra frames (issue 13). */
export function drawMeasure(map: MapLibreMap, data: FeatureCollection): void {
  if (data.features.length === 0 && !map.getSource(MEASURE_SOURCE)) return;
  if (!map.isStyleLoaded() && !map.getSource(MEASURE_SOURCE)) {
    map.once('idle', () => drawMeasure(map, data));
    return;
  }
  const source = map.getSource(MEASURE_SOURCE) as GeoJSONSource | undefined;
  if (source) {
    source.setData(data);
    return;
  }
  map.addSource(MEASURE_SOURCE, { type: 'geojson', data });
  map.addLayer({
    id: `${MEASURE_SOURCE}-fill`,
    type: 'fill',
    source: MEASURE_SOURCE,
    filter: ['==', ['geometry-type'], 'Polygon'],
    paint: { 'fill-color': colour as never, 'fill-opacity': 0.45 },
  });
  map.addLayer({
    id: `${MEASURE_SOURCE}-line`,
    type: 'line',
    source: MEASURE_SOURCE,
    filter: ['!=', ['geometry-type'], 'Point'],
    paint: { 'line-color': colour as never, 'line-width': 3 },
  });
  map.addLayer({
    id: `${MEASURE_SOURCE}-point`,
    type: 'circle',
    source: MEASURE_SOURCE,
    filter: ['==', ['geometry-type'], 'Point'],
    paint: { 'circle-color': colour as never, 'circle-radius': 4, 'circle-stroke-color': '#3b6e1f', 'circle-stroke-width': 1 },
  });
}
