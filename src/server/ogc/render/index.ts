/** WMS rendering: GetMap PNGs and GetLegendGraphic swatches, styled from config/legends.yaml. */
export { renderMap, drawMap, validateRequest, MIN_SIZE, MAX_SIZE } from './renderMap.ts';
export { drawLineMap, LinePainter, strokeStyle } from './lineMap.ts';
export { renderLegendGraphic, type LegendGraphicOptions } from './legendGraphic.ts';
export {
  styleFromLegend,
  fixedStyle,
  changeAreaStyle,
  paintFor,
  legendItemFor,
  codeKey,
  DEFAULT_GREY,
  EROSION_COLOR,
  ACCRETION_COLOR,
  type StyleOverrides,
} from './style.ts';
export { makeProjector, type Projector } from './projection.ts';
export { parseBgColor } from './color.ts';
export { ensureFonts } from './fonts.ts';
export { RenderParamError } from './types.ts';
export type { RenderRequest, RenderLayer, RenderFeature, LayerStyle, Paint, BBox, RenderCrs, StyleKind } from './types.ts';
