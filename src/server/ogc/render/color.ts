/** Colour helpers: legend colours are '#RRGGBB' (also '#RGB' and '#RRGGBBAA' are read). */

export interface Rgba {
  r: number;
  g: number;
  b: number;
  /** 0..1 */
  a: number;
}

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** Parses '#RGB', '#RRGGBB' or '#RRGGBBAA'; undefined for anything else. */
export function parseHexColor(text: string | undefined | null): Rgba | undefined {
  if (typeof text !== 'string') return undefined;
  const s = text.trim();
  if (!HEX.test(s)) return undefined;
  let hex = s.slice(1);
  if (hex.length === 3) hex = [...hex].map((c) => c + c).join('');
  const n = (i: number) => parseInt(hex.slice(i, i + 2), 16);
  return { r: n(0), g: n(2), b: n(4), a: hex.length === 8 ? n(6) / 255 : 1 };
}

/**
 * Reads a WMS BGCOLOR: '#RRGGBB' or the WMS 1.1.1 form '0xRRGGBB' (case-insensitive).
 * Returns undefined when the text is not one of those.
 */
export function parseBgColor(text: string): Rgba | undefined {
  const s = text.trim();
  if (/^0x[0-9a-f]{6}$/i.test(s)) return parseHexColor('#' + s.slice(2));
  if (/^#[0-9a-f]{6}$/i.test(s)) return parseHexColor(s);
  return undefined;
}

function clamp01(x: number): number {
  return x < 0 ? 0 : x > 1 ? 1 : x;
}

/** The colour with its alpha multiplied by `opacity`, rounded as its CSS text keeps it. */
export function withOpacity(c: Rgba, opacity = 1): Rgba {
  return { r: c.r, g: c.g, b: c.b, a: Math.round(clamp01(c.a * opacity) * 1000) / 1000 };
}

/** CSS text for the canvas; alpha is multiplied by `opacity`. */
export function cssColor(c: Rgba, opacity = 1): string {
  const { a } = withOpacity(c, opacity);
  return a >= 1 ? `rgb(${c.r},${c.g},${c.b})` : `rgba(${c.r},${c.g},${c.b},${a})`;
}
