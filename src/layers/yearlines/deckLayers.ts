// The deck.gl layers of a prepared yearlines layer for one slider year (issue 25 item 2): a module
// of its own so that deck.gl loads only when a yearlines layer is shown (draw.ts imports it
// dynamically).
//
// One path layer per year, each with its own data: a step of the slider only switches layers on
// and off and changes their opacity and width (uniforms), so the GPU draws each earlier year once
// and no later year at all. (Two layers over every path with a year filter drew every vertex
// twice per frame: under SwiftShader a scrub step took over a second, issue 25 measures.) The data
// is the zoom level's detail (detail.ts): lines simplified to a pixel, a point per pixel.
import { PathLayer, ScatterplotLayer } from '@deck.gl/layers';
import type { Layer } from '@deck.gl/core';
import type { PreparedYearlines, YearPath } from './prepare.ts';
import { detailAt, type DrawnPoint } from './detail.ts';

const YEAR_WIDTH_PX = 3.5;
const TRAIL_WIDTH_PX = 2;

// Accessors defined once: deck.gl then keeps the layers' attributes from step to step.
const pathOf = (d: YearPath) => d.path;
const colourOf = (d: YearPath) => d.color;
const positionOf = (d: DrawnPoint) => d.position;

/** The deck.gl layers for `year` at zoom `level` (an integer): the years before it faint, the year
 *  itself, the transects. */
export function yearlinesDeckLayers(p: PreparedYearlines, year: number, level: number): Layer[] {
  const index = Math.max(0, p.years.indexOf(year));
  const colours = p.transectColours(index);
  const detail = detailAt(p, level);
  const lines = detail.byYear.map(
    ({ year: y, paths }) =>
      new PathLayer<YearPath>({
        id: `${p.id}-${y}`,
        data: paths,
        getPath: pathOf,
        getColor: colourOf,
        getWidth: 1,
        widthUnits: 'pixels',
        widthScale: y === year ? YEAR_WIDTH_PX : TRAIL_WIDTH_PX,
        opacity: y === year ? 1 : p.trail,
        visible: y <= year,
      }),
  );
  return [
    ...lines,
    new ScatterplotLayer<DrawnPoint>({
      id: `${p.id}-transects`,
      data: detail.points,
      getPosition: positionOf,
      getFillColor: (d) => colours[d.index]!,
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
