// resolvePickers (src/engine/resolve.ts): `use: <cascade>` entries of a variant become the flat,
// ordered picker list the renderer and the cascade machine use (DESIGN.md §3 "Shared definitions
// referenced by id: the location cascade (province > district > sub-district)"; SPEC.md §4).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { isUse, resolvePickers, sourcePickerRefs } from '../../../src/engine/resolve.ts';
import type { CascadeDef, PickerDef, PickerEntry, ResolvedPicker } from '../../../src/engine/types.ts';
import { validatorFor, schemaAjv } from '../../../src/loader/schemas.ts';
import { CONFIG_DIR } from './helpers.ts';

/** config/pickers.yaml as the loader hands it on: validated, the schema's defaults (kind: select) filled in. */
const pickersDoc = parse(readFileSync(path.join(CONFIG_DIR, 'pickers.yaml'), 'utf8')) as { cascades: CascadeDef[] };
if (!validatorFor('pickers')(pickersDoc)) throw new Error('config/pickers.yaml is invalid');
const cascades = pickersDoc.cascades;

/** A variant's picker as the loader hands it on: validated, its schema's defaults filled in. */
function validPicker(raw: Record<string, unknown>): PickerDef {
  if (!schemaAjv().getSchema('https://tcs.example/schemas/picker.schema.json')?.(raw)) throw new Error(`invalid picker ${JSON.stringify(raw)}`);
  return raw as PickerDef;
}

const shape = (pickers: ResolvedPicker[]) => pickers.map((p) => ({ id: p.id, dependsOn: p.dependsOn }));
const page = (p: ResolvedPicker | undefined) => (p && 'router' in p.source ? p.source.router.page : undefined);

describe('resolvePickers: `use: location` (SPEC.md §4 province > district > sub-district)', () => {
  it('expands into province, district, subdistrict with dependsOn [], [province], [province, district]', () => {
    const pickers = resolvePickers([{ use: 'location', with: { page: 'coastline' } }], cascades);
    expect(shape(pickers)).toEqual([
      { id: 'province', dependsOn: [] },
      { id: 'district', dependsOn: ['province'] },
      { id: 'subdistrict', dependsOn: ['province', 'district'] },
    ]);
    expect(pickers.map((p) => [p.kind, p.cascade, p.label])).toEqual([
      ['select', 'location', 'จังหวัด'],
      ['select', 'location', 'อำเภอ'],
      ['select', 'location', 'ตำบล'],
    ]);
  });

  it('fills the cascade parameter {page} from `with:` in every level\'s router query, leaving the shared definition untouched', () => {
    const pickers = resolvePickers([{ use: 'location', with: { page: 'landuse' } }], cascades);
    expect(pickers.map(page)).toEqual(['landuse', 'landuse', 'landuse']);
    expect(pickers[1]?.source).toEqual({ router: { page: 'landuse', mode: 'list', list: 'amphur' }, params: { pv: 'province' } });
    expect(cascades[0]?.pickers[0]?.source).toEqual({ router: { page: '{page}', mode: 'list', list: 'province' } });
  });

  it('`only` drops levels: [province, district] keeps two levels', () => {
    const pickers = resolvePickers([{ use: 'location', with: { page: 'coastline' }, only: ['province', 'district'] }], cascades);
    expect(shape(pickers)).toEqual([
      { id: 'province', dependsOn: [] },
      { id: 'district', dependsOn: ['province'] },
    ]);
  });

  it('`only` dropping a middle level also drops the dependency on it', () => {
    const pickers = resolvePickers([{ use: 'location', with: { page: 'coastline' }, only: ['province', 'subdistrict'] }], cascades);
    expect(shape(pickers)).toEqual([
      { id: 'province', dependsOn: [] },
      { id: 'subdistrict', dependsOn: ['province'] },
    ]);
  });

  it('`defaults` become the level\'s default codes', () => {
    const pickers = resolvePickers([{ use: 'location', with: { page: 'coastline' }, defaults: { province: ['90', '93'] } }], cascades);
    expect(pickers.map((p) => p.default)).toEqual([['90', '93'], undefined, undefined]);
  });

  it('an unknown cascade yields no pickers (the cross-reference checks report it)', () => {
    expect(resolvePickers([{ use: 'locations' }], cascades)).toEqual([]);
  });
});

describe('resolvePickers: other cascades and a variant\'s own pickers', () => {
  it('beach-system: BeachM > BeachC > BeachS, each depending on the ones before it through source.params', () => {
    expect(shape(resolvePickers([{ use: 'beach-system' }], cascades))).toEqual([
      { id: 'beach-main', dependsOn: [] },
      { id: 'beach-sub', dependsOn: ['beach-main'] },
      { id: 'beach-system', dependsOn: ['beach-sub'] },
    ]);
  });

  it('§2 coastline-islands: islands need a province only; the district filter narrows but does not gate', () => {
    const pickers = resolvePickers([{ use: 'coastline-islands' }], cascades);
    expect(shape(pickers)).toEqual([
      { id: 'province', dependsOn: [] },
      { id: 'district', dependsOn: ['province'] },
      { id: 'islands', dependsOn: ['province'] },
    ]);
    expect(pickers[2]?.kind).toBe('multiselect');
  });

  it('a variant\'s own picker keeps its place after the cascade, kind defaults to select (the schema\'s default)', () => {
    const entries: PickerEntry[] = [
      { use: 'location', with: { page: 'coastline' }, only: ['province'] },
      validPicker({ id: 'cells', label: 'หน่วยตะกอน', source: { router: { page: 'littoral', mode: 'list' }, params: { pv: 'province' } } }),
      { id: 'year', label: 'ปี', kind: 'year', source: { options: [2567, 2566] }, dependsOn: ['cells'] },
    ];
    const pickers = resolvePickers(entries, cascades);
    expect(pickers.map((p) => ({ id: p.id, kind: p.kind, dependsOn: p.dependsOn, cascade: p.cascade }))).toEqual([
      { id: 'province', kind: 'select', dependsOn: [], cascade: 'location' },
      { id: 'cells', kind: 'select', dependsOn: ['province'], cascade: undefined },
      { id: 'year', kind: 'year', dependsOn: ['cells'], cascade: undefined },
    ]);
  });

  it('isUse and sourcePickerRefs', () => {
    expect(isUse({ use: 'location' })).toBe(true);
    expect(isUse({ id: 'x', label: 'x', kind: 'year', source: { options: [2567] } })).toBe(false);
    expect(sourcePickerRefs({ router: { page: 'coastline' }, params: { pv: 'province', island: 'islands.name' } })).toEqual(['province', 'islands']);
    expect(sourcePickerRefs({ asset: 'a.json', filter: { prv_code: 'province' } })).toEqual(['province']);
    expect(sourcePickerRefs({ options: [2567] })).toEqual([]);
    expect(sourcePickerRefs({ list: 'years' })).toEqual([]);
  });
});
