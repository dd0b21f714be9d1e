// Contrast on white (WCAG 2 relative luminance) and the darkening of a pale class colour that the
// trend drawer's line uses (issue 24 item 2).
import { describe, expect, it } from 'vitest';
import { contrastOnWhite, darkenToContrast } from '../../../src/engine/contrast.ts';

describe('contrastOnWhite', () => {
  it('black is 21:1, white 1:1, #767676 just over 4.5:1; an opacity mixes the colour with white', () => {
    expect(contrastOnWhite('#000000')).toBeCloseTo(21, 5);
    expect(contrastOnWhite('#FFFFFF')).toBeCloseTo(1, 5);
    expect(contrastOnWhite('#767676')).toBeGreaterThan(4.5);
    expect(contrastOnWhite('#000000', 0)).toBeCloseTo(1, 5);
    expect(contrastOnWhite('#000000', 0.5)).toBeLessThan(contrastOnWhite('#000000'));
  });
  it('a string that is no #rrggbb colour counts as white', () => {
    expect(contrastOnWhite('red')).toBe(1);
  });
});

describe('darkenToContrast', () => {
  it('keeps a colour already dark enough, darkens a pale one just past the ratio in its own hue', () => {
    expect(darkenToContrast('#2166AC', 4.5)).toBe('#2166AC');
    const darker = darkenToContrast('#FDDBC7', 4.5);
    expect(contrastOnWhite(darker)).toBeGreaterThanOrEqual(4.5);
    expect(contrastOnWhite(darker)).toBeLessThan(5.2);
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(darker.slice(i, i + 2), 16));
    expect(r! > g! && g! > b!).toBe(true); // still an orange
  });
});
