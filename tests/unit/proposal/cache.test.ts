// SPEC.md §4: the proposal form is saved under coastal_project_form_cache on every change and
// restored on load, map image included; a full storage never breaks the form.
import { describe, expect, it } from 'vitest';
import { CACHE_KEY, clearForm, loadForm, parseForm, saveForm, serialiseForm, type CachedForm, type StorageLike } from '../../../src/proposal/ui/cache.ts';

/** A Map-backed Storage; `quota` limits the stored characters like a browser's quota. */
function memoryStorage(quota = Infinity): StorageLike & { map: Map<string, string>; writes: number } {
  const map = new Map<string, string>();
  const s = {
    map,
    writes: 0,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => {
      const others = [...map].filter(([key]) => key !== k).reduce((n, [key, val]) => n + key.length + val.length, 0);
      if (others + k.length + v.length > quota) {
        const error = new Error('The quota has been exceeded.');
        error.name = 'QuotaExceededError';
        throw error;
      }
      s.writes += 1;
      map.set(k, v);
    },
    removeItem: (k: string) => void map.delete(k),
  };
  return s;
}

const image = `data:image/jpeg;base64,${'A'.repeat(50_000)}`;
const full: CachedForm = {
  formId: 'proposal',
  step: 2,
  data: {
    projectName: 'โครงการป้องกันการกัดเซาะชายฝั่ง ผู้ใหญ่ น้ำ ที่ตั้ง ปู่ ฝั่ง',
    erosionLength: 1250.5,
    coordinates: '13.736717, 100.523186',
    budgetAmount: { b2569: 1000000, b2572: 0 },
    projectOwner: { email: { email: 'a@b.th' } },
    budgetSources: { normal: true, normalDetail: 'งบปกติ' },
    mapImage: image,
  },
};

describe('cache round trip (SPEC.md §4)', () => {
  it('saves under coastal_project_form_cache and loads exactly what was saved, at every step', () => {
    expect(CACHE_KEY).toBe('coastal_project_form_cache');
    for (const step of [1, 2, 3]) {
      const storage = memoryStorage();
      expect(saveForm(storage, { ...full, step })).toEqual({ ok: true });
      expect([...storage.map.keys()]).toEqual([CACHE_KEY]);
      expect(loadForm(storage, 'proposal')).toEqual({ ...full, step });
    }
  });

  it('the stored JSON carries a version and the save time; parse reads it back', () => {
    const text = serialiseForm(full, new Date('2026-01-02T03:04:05Z'));
    expect(JSON.parse(text)).toMatchObject({ version: 1, formId: 'proposal', step: 2, savedAt: '2026-01-02T03:04:05.000Z' });
    expect(parseForm(text, 'proposal')).toEqual(full);
  });

  it('ignores what is not this form’s cache: nothing, broken JSON, another form, another version, no data', () => {
    expect(parseForm(null, 'proposal')).toBeNull();
    expect(parseForm('{', 'proposal')).toBeNull();
    expect(parseForm(serialiseForm(full), 'other')).toBeNull();
    expect(parseForm(JSON.stringify({ version: 2, formId: 'proposal', step: 1, data: {} }), 'proposal')).toBeNull();
    expect(parseForm(JSON.stringify({ version: 1, formId: 'proposal', step: 1, data: [] }), 'proposal')).toBeNull();
    expect(parseForm('[]', 'proposal')).toBeNull();
  });

  it('clamps a stored step to 1..3 (a hand-edited or stale cache)', () => {
    const at = (step: unknown) => parseForm(JSON.stringify({ version: 1, formId: 'proposal', step, data: {} }), 'proposal')?.step;
    expect([at(0), at(7), at(2.2), at('3'), at(null)]).toEqual([1, 3, 2, 1, 1]);
  });

  it('a storage quota error does not throw: the form is kept without the map image', () => {
    const storage = memoryStorage(20_000);
    const result = saveForm(storage, full);
    expect(result).toMatchObject({ ok: true, withoutImage: true });
    expect(result.ok && result.withoutImage && result.error).toMatch(/QuotaExceededError/);
    const { mapImage: _image, ...rest } = full.data;
    expect(loadForm(storage, 'proposal')).toEqual({ ...full, data: rest });
  });

  it('when even the text does not fit, the old cache stays and the result says why', () => {
    const storage = memoryStorage(600);
    const small: CachedForm = { formId: 'proposal', step: 1, data: { projectName: 'ก' } };
    expect(saveForm(storage, small)).toEqual({ ok: true });
    const result = saveForm(storage, { ...full, data: { ...full.data, agenciesInformation: 'ข'.repeat(2000) } });
    expect(result.ok).toBe(false);
    expect(loadForm(storage, 'proposal')).toEqual(small);
  });

  it('a storage that throws on every call (privacy mode) or no storage at all never throws', () => {
    const broken: StorageLike = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(loadForm(broken, 'proposal')).toBeNull();
    expect(saveForm(broken, { ...full, data: { projectName: 'x' } }).ok).toBe(false);
    expect(() => clearForm(broken)).not.toThrow();
    expect(loadForm(null, 'proposal')).toBeNull();
    expect(saveForm(undefined, full)).toEqual({ ok: false, error: 'no storage' });
  });

  it('clearForm removes the cache', () => {
    const storage = memoryStorage();
    saveForm(storage, full);
    clearForm(storage);
    expect(loadForm(storage, 'proposal')).toBeNull();
  });
});
