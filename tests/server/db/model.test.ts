// Pure parts of the generator: seeded randomness, the code-list cleaning, the coast model.

import { describe, expect, it } from 'vitest';
import { ALL_PROVINCES } from '../../../src/server/data/sample/coastPlan.ts';
import { offsetLine, signedArea2, type LonLat } from '../../../src/server/data/sample/geo.ts';
import { loadThaiCoast } from '../../../src/server/data/sample/naturalEarth.ts';
import { Rng, smoothNoise } from '../../../src/server/data/sample/prng.ts';
import { buildCoastModel } from '../../../src/server/data/sample/segments.ts';
import { loadAdmin } from '../../../src/server/data/sample/thaiAdmin.ts';

describe('seeded randomness', () => {
  it('repeats for a seed and differs between seeds and streams', () => {
    const a = new Rng('x');
    const b = new Rng('x');
    const seqA = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(seqA);
    expect(new Rng('y').next()).not.toBe(seqA[0]);
    expect(new Rng('x').fork('one').next()).not.toBe(new Rng('x').fork('two').next());
    for (const v of seqA) expect(v >= 0 && v < 1).toBe(true);
  });

  it('draws smooth noise that stays bounded past its length', () => {
    const noise = smoothNoise(new Rng('n'), 10, 100, (r) => r.range(-1, 1));
    for (let s = 0; s <= 300; s += 0.5) expect(Math.abs(noise(s))).toBeLessThan(2);
    expect(Math.abs(noise(50) - noise(50.5))).toBeLessThan(0.2);
  });
});

describe('geometry helpers', () => {
  it('moves a closed ring outward and keeps it closed', () => {
    const ring: LonLat[] = [[100, 10], [100.01, 10], [100.01, 10.01], [100, 10.01], [100, 10]];
    const out = offsetLine(ring, () => 100, true);
    expect(out[0]).toEqual(out[out.length - 1]);
    expect(Math.abs(signedArea2(out))).toBeGreaterThan(Math.abs(signedArea2(ring)));
  });
});

describe('administrative codes and the coast model', () => {
  it('cleans the DOPA list so that every code nests', async () => {
    const admin = await loadAdmin(ALL_PROVINCES);
    expect(admin.size).toBe(24);
    for (const [prv, p] of admin) {
      for (const [amp, d] of p.districts) {
        expect(amp.startsWith(prv)).toBe(true);
        expect(new Set(d.subdistricts.map((s) => s.code)).size).toBe(d.subdistricts.length);
        for (const s of d.subdistricts) expect(s.code).toMatch(new RegExp(`^${amp}\\d{2}$`));
      }
    }
    // Ko Chang district is newer than the list: its sub-districts get re-derived codes, flagged
    expect(admin.get('23')!.districts.get('2307')!.subdistricts.map((s) => [s.code, s.nameTh, s.derived])).toEqual([
      ['230701', 'เกาะช้าง', true],
      ['230702', 'เกาะช้างใต้', true],
    ]);
  });

  it('builds the same segments twice, covering the whole coast without gaps', async () => {
    const admin = await loadAdmin(ALL_PROVINCES);
    const coast = loadThaiCoast();
    const a = buildCoastModel(coast, admin, 'seed');
    const b = buildCoastModel(coast, admin, 'seed');
    const key = (m: typeof a) => m.segments.map((s) => `${s.key}/${s.admin.tam?.code}/${s.i0}-${s.i1}`).join(',');
    expect(key(b)).toBe(key(a));
    for (const parent of a.parents.filter((p) => !p.closed)) {
      const segs = a.segments.filter((s) => s.parent === parent).sort((x, y) => x.i0 - y.i0);
      expect(segs[0]!.i0).toBe(0);
      expect(segs.at(-1)!.i1).toBe(parent.base.length - 1);
      segs.forEach((s, i) => i > 0 && expect(s.i0).toBe(segs[i - 1]!.i1));
    }
    expect(a.islands.length).toBeGreaterThanOrEqual(25);
    expect(a.lakeIslands.map((l) => l.def.th)).toEqual(['เกาะยอ', 'เกาะนางคำ', 'เกาะหมาก', 'เกาะแก่ง']);
  });
});
