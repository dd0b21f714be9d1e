// The section kinds the atlas builder draws; schemas/atlas.schema.json accepts exactly these
// (tests/unit/atlas/schema.test.ts).
import type { AtlasSection, AtlasSectionKind } from '../../../engine/atlasTypes.ts';
import type { AtlasContext, Node } from '../context.ts';
import { drawChangeAreas, drawTrend } from './charts.ts';
import { drawMap } from './map.ts';
import { drawFastest, drawLegend, drawPeriod, drawQr, drawSources } from './simple.ts';

type Drawer<K extends AtlasSectionKind> = (section: Extract<AtlasSection, { kind: K }>, ctx: AtlasContext) => Node[] | Promise<Node[]>;

export const SECTION_DRAWERS: { [K in AtlasSectionKind]: Drawer<K> } = {
  map: drawMap,
  legend: drawLegend,
  period: drawPeriod,
  'change-areas': drawChangeAreas,
  trend: drawTrend,
  fastest: drawFastest,
  sources: drawSources,
  qr: drawQr,
};

export function drawSection(section: AtlasSection, ctx: AtlasContext): Node[] | Promise<Node[]> {
  return (SECTION_DRAWERS[section.kind] as Drawer<typeof section.kind>)(section as never, ctx);
}
