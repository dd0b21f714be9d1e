// SPEC.md §2/§4/§9 picker helpers: case-insensitive substring search, caps (islands 150, other
// dropdowns 50 from app.limits unless the picker says), year colours of the swatch pickers from
// the legend the page uses (cmline-years for monitoring years, shoreline-years for /change).
import { describe, expect, it } from 'vitest';
import { capOf, filterOptions, yearSwatches } from '../../../src/ui/topic/PickerField.tsx';
import type { Option } from '../../../src/engine/options.ts';
import { realBundle, variantOf } from './helpers.ts';

const bundle = await realBundle();
const opt = (value: string, label = value): Option => ({ value, label, extra: {} });

describe('search and caps', () => {
  it('filterOptions: case-insensitive substring of the label', () => {
    const options = [opt('1', 'Koh Samui'), opt('2', 'เกาะสมุย'), opt('3', 'Phangan')];
    expect(filterOptions(options, 'SAM').map((o) => o.value)).toEqual(['1']);
    expect(filterOptions(options, 'สมุ').map((o) => o.value)).toEqual(['2']);
    expect(filterOptions(options, '  ')).toHaveLength(3);
  });

  it('caps: the island picker declares 150, the lake islands 50, others take app.limits.dropdownCap (50)', () => {
    const island = variantOf(bundle, 'cmline', 'island').pickers.find((p) => p.id === 'islands')!;
    const lake = variantOf(bundle, 'cmline', 'songkhla-lake-island').pickers.find((p) => p.id === 'lake-island')!;
    const start = variantOf(bundle, 'cmline-changearea', '').pickers.find((p) => p.id === 'start')!;
    expect(capOf(island, bundle.app.limits.dropdownCap)).toBe(150);
    expect(capOf(lake, bundle.app.limits.dropdownCap)).toBe(50);
    expect(capOf(start, bundle.app.limits.dropdownCap)).toBe(50);
    expect(bundle.app.limits.islandCap).toBe(150);
  });
});

describe('§2 year swatches', () => {
  const colour = (legend: string, code: number) => bundle.legends.find((l) => l.id === legend)!.items.find((i) => String(i.code) === String(code))!.color;

  it('monitoring years take the cmline-years colours (also on lake pages whose layers name no year legend)', () => {
    for (const path of ['', 'island', 'songkhla-lake-land', 'songkhla-lake-island']) {
      const colors = yearSwatches(variantOf(bundle, 'cmline-changearea', path), bundle.legends, ['2567', '2566', '2562'].map((v) => opt(v)))!;
      expect(colors.get('2567')).toEqual({ color: colour('cmline-years', 2567), label: bundle.legends.find((l) => l.id === 'cmline-years')!.items.find((i) => i.code === 2567)!.label });
      expect(colors.get('2562')?.color).toBe(colour('cmline-years', 2562));
    }
  });

  it('shoreline years (/change) take the shoreline-years colours', () => {
    const colors = yearSwatches(variantOf(bundle, 'change', ''), bundle.legends, ['2559', '2554', '2548'].map((v) => opt(v)))!;
    expect(colors.get('2559')?.color).toBe(colour('shoreline-years', 2559));
    expect(colors.get('2548')?.color).toBe(colour('shoreline-years', 2548));
  });

  it('no legend knows the values: no colours', () => {
    expect(yearSwatches(variantOf(bundle, 'change', ''), bundle.legends, [opt('1999')])).toBeNull();
    expect(yearSwatches(variantOf(bundle, 'change', ''), bundle.legends, [])).toBeNull();
  });
});
