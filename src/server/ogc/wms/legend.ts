// WMS GetLegendGraphic: the legend of a layer's style as a PNG, cached per data version.

import { OgcError } from '../exception.ts';
import { parseBool } from '../params.ts';
import { parseBgColor, renderLegendGraphic } from '../render/index.ts';
import type { OgcRequest, OgcServiceCore as OgcService } from '../serviceCore.ts';
import { checkPng } from './mapLayers.ts';

/** GeoServer's standard resolution: LEGEND_OPTIONS=dpi:N draws the legend N / 90.714 times as large. */
const STANDARD_DPI = 90.714;

/** The scale LEGEND_OPTIONS asks for (GeoServer's `dpi:N`, its other options ignored): 1 to 4. */
export function legendScale(options: string | undefined): number {
  const dpi = options?.split(';').map((o) => /^\s*dpi\s*:\s*(\d+(?:\.\d+)?)\s*$/i.exec(o)?.[1]).find(Boolean);
  if (!dpi) return 1;
  return Math.min(4, Math.max(1, Math.round((Number(dpi) / STANDARD_DPI) * 100) / 100));
}

export async function getLegendGraphic(svc: OgcService, r: OgcRequest): Promise<void> {
  const k = r.kvp;
  const layerName = k.get('LAYER') ?? k.require('LAYERS');
  const ft = svc.resolve(layerName, 'LAYER', 'LayerNotDefined');
  checkPng(r, false);
  const look = svc.look(ft);
  const style = k.get('STYLE')?.trim();
  if (style && style !== 'default' && style !== look.styleName && style !== look.legend.id) {
    throw new OgcError('StyleNotDefined', `layer ${ft.name} has no style "${style.slice(0, 60)}"`, 'STYLE');
  }
  const swatch = k.int('WIDTH', 8, 64, 20);
  k.int('HEIGHT', 8, 64, 20);
  const transparent = parseBool(k, 'TRANSPARENT', false);
  const bgRaw = k.get('BGCOLOR')?.trim();
  if (bgRaw && !parseBgColor(bgRaw)) throw new OgcError('InvalidParameterValue', 'BGCOLOR must be 0xRRGGBB', 'BGCOLOR');
  const scale = legendScale(k.get('LEGEND_OPTIONS'));
  const key = `legend|${ft.name}|${swatch}|${transparent}|${bgRaw ?? ''}|${scale}`;
  await svc.sendDocument(r, key, 'image/png', () =>
    renderLegendGraphic(look.legend, { transparent, swatch, scale, overrides: look.overrides, ...(bgRaw ? { bgcolor: bgRaw } : {}) }),
  );
}
