// The deck.gl layers of a prepared yearlines layer for one slider year (issue 25 item 2): a module
// of its own so that deck.gl loads only when a yearlines layer is shown (draw.ts imports it
// dynamically).
import { PathLayer, ScatterplotLayer } from '@deck.gl/layers';
import { DataFilterExtension, type DataFilterExtensionProps } from '@deck.gl/extensions';
import type { Layer } from '@deck.gl/core';
import { transectColour, type PreparedYearlines, type TransectPoint, type YearPath } from './prepare.ts';

// One extension instance: deck.gl compares extensions by identity, a new one rebuilds the layer.
const YEAR_FILTER = new DataFilterExtension({ filterSize: 1 });
const HALF_YEAR = 0.5;

/** The deck.gl layers for `year`: only filter ranges and the points' colour depend on it. */
export function yearlinesDeckLayers(p: PreparedYearlines, year: number): Layer[] {
  const index = Math.max(0, p.years.indexOf(year));
  const first = p.years[0] ?? year;
  const common = { data: p.paths, getPath: (d: YearPath) => d.path, getColor: (d: YearPath) => d.color, widthUnits: 'pixels' as const, extensions: [YEAR_FILTER], getFilterValue: (d: YearPath) => d.year };
  return [
    new PathLayer<YearPath, DataFilterExtensionProps<YearPath>>({ ...common, id: `${p.id}-trail`, getWidth: 2, opacity: p.trail, filterRange: [first, year - HALF_YEAR] }),
    new PathLayer<YearPath, DataFilterExtensionProps<YearPath>>({ ...common, id: `${p.id}-year`, getWidth: 3.5, filterRange: [year - HALF_YEAR, year + HALF_YEAR] }),
    new ScatterplotLayer<TransectPoint>({
      id: `${p.id}-transects`,
      data: p.points,
      getPosition: (d) => d.position,
      getFillColor: (d) => transectColour(p.rateItems, d, p.years, index),
      updateTriggers: { getFillColor: index },
      radiusUnits: 'pixels',
      getRadius: 3,
      stroked: true,
      getLineColor: [40, 40, 40, 160],
      lineWidthUnits: 'pixels',
      getLineWidth: 0.5,
    }),
  ];
}

/** The MapLibre side draws nothing: the deck.gl overlay of the map draws this type. */
