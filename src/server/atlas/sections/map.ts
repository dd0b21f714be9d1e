// `map`: the area at print resolution (map.ts) with the scale bar and north arrow laid over it
// as vector SVG (src/pdf/mapDecorations.ts) and the locator inset in its bottom-right corner.
import type { AtlasSection } from '../../../engine/atlasTypes.ts';
import { unitLabels } from '../../../engine/units.ts';
import { decoratedMapNodes } from '../../../pdf/mapDecorations.ts';
import { CONTENT_WIDTH, FONT, heading, type AtlasContext, type Node } from '../context.ts';
import { renderAreaMap, renderLocator } from '../map.ts';

const LOCATOR = { width: 80, height: 130, dpi: 150 } as const;

const dataUrl = (bytes: Buffer, type: 'png' | 'jpeg') => `data:image/${type};base64,${bytes.toString('base64')}`;

export async function drawMap(s: Extract<AtlasSection, { kind: 'map' }>, ctx: AtlasContext): Promise<Node[]> {
  const width = CONTENT_WIDTH;
  const { height, dpi } = s;
  const [map, locator] = await Promise.all([
    renderAreaMap(ctx.db, { area: ctx.area, period: ctx.period, stats: ctx.stats, legends: ctx.config.bundle.legends, width, height, dpi }),
    !s.locator ? Promise.resolve(null) : renderLocator(ctx.area, LOCATOR.width, LOCATOR.height, LOCATOR.dpi),
  ]);
  const decorations = { width, height, metresPerPoint: map.metresPerPoint, font: FONT, units: unitLabels, scaleBar: s.scaleBar, northArrow: s.northArrow };
  return [
    ...(s.title ? [heading(s.title)] : []),
    {
      stack: [
        ...decoratedMapNodes(dataUrl(map.picture, 'jpeg'), decorations),
        ...(locator
          ? [{
              stack: [
                { canvas: [{ type: 'rect', x: 0, y: 0, w: LOCATOR.width + 2, h: LOCATOR.height + 2, color: '#FFFFFF', lineColor: '#555555', lineWidth: 0.8 }] },
                { image: dataUrl(locator, 'png'), width: LOCATOR.width, height: LOCATOR.height, relativePosition: { x: 1, y: -(LOCATOR.height + 1) } },
              ],
              relativePosition: { x: width - LOCATOR.width - 8, y: -(LOCATOR.height + 10) },
            }]
          : []),
      ],
      unbreakable: true,
    },
  ];
}
