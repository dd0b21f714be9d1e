// Colour contrast on a white page (WCAG 2 relative luminance): a pale class colour (a light
// legend class) is darkened, keeping its hue, until a line drawn in it reads on white.

const channels = (hex: string): [number, number, number] | null => {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  return m ? [0, 2, 4].map((i) => parseInt(m[1]!.slice(i, i + 2), 16)) as [number, number, number] : null;
};

const linear = (c: number) => {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};

/** The contrast ratio against white of `hex` painted at `opacity` over white. */
export function contrastOnWhite(hex: string, opacity = 1): number {
  const rgb = channels(hex);
  if (!rgb) return 1;
  const [r, g, b] = rgb.map((c) => linear(c * opacity + 255 * (1 - opacity)));
  return 1.05 / (0.2126 * r! + 0.7152 * g! + 0.0722 * b! + 0.05);
}

const hex2 = (c: number) => Math.round(c).toString(16).padStart(2, '0');

/** `hex`, or the same hue darkened just enough to reach `ratio` against white ('#rrggbb'). */
export function darkenToContrast(hex: string, ratio: number): string {
  const rgb = channels(hex);
  if (!rgb) return hex;
  for (let k = 1; k >= 0; k -= 0.02) {
    const candidate = `#${rgb.map((c) => hex2(c * k)).join('')}`;
    if (contrastOnWhite(candidate) >= ratio) return candidate.toUpperCase();
  }
  return '#000000';
}
