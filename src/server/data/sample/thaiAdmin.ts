// Official DOPA codes with Thai and English names from thai-address-universal (ISC), cleaned:
// the list repeats a sub-district once per postal code, carries a few empty codes, and for
// districts created after it was compiled keeps the sub-districts under their former codes
// (e.g. Ko Chang's under Laem Ngop). We keep every sub-district whose 6-digit code starts with its
// district's code. A district left with none gets its listed sub-districts re-coded as district
// code + 01, 02, ... in the order of their former codes (flagged `derived`; see PROVENANCE.md).

import { getDistricts, getProvinces, getSubDistricts } from 'thai-address-universal';

export interface AdminName {
  code: string;
  nameTh: string;
  nameEn: string;
}

export interface SubDistrict extends AdminName {
  derived: boolean;
}

export interface District extends AdminName {
  subdistricts: SubDistrict[];
}

export interface Province extends AdminName {
  districts: Map<string, District>;
}

function cleanSubdistricts(districtCode: string, listed: readonly AdminName[]): SubDistrict[] {
  const byCode = new Map<string, AdminName>();
  for (const s of listed) if (/^\d{6}$/.test(s.code) && !byCode.has(s.code)) byCode.set(s.code, s);
  const valid = [...byCode.values()].filter((s) => s.code.startsWith(districtCode));
  if (valid.length > 0) {
    return valid.sort((a, b) => a.code.localeCompare(b.code)).map((s) => ({ ...pick(s), derived: false }));
  }
  const stale = [...byCode.values()].sort((a, b) => a.code.localeCompare(b.code));
  const names = new Set<string>();
  return stale
    .filter((s) => !names.has(s.nameTh) && names.add(s.nameTh))
    .map((s, i) => ({ ...pick(s), code: districtCode + String(i + 1).padStart(2, '0'), derived: true }));
}

function pick(s: AdminName): AdminName {
  return { code: s.code, nameTh: s.nameTh, nameEn: s.nameEn };
}

/** The provinces with these codes, with all their districts and cleaned sub-districts. */
export async function loadAdmin(provinceCodes: readonly string[]): Promise<Map<string, Province>> {
  const all = await getProvinces();
  const out = new Map<string, Province>();
  for (const code of provinceCodes) {
    const p = all.find((x) => x.code === code);
    if (!p) throw new Error(`province ${code} missing from thai-address-universal`);
    const districts = new Map<string, District>();
    for (const d of await getDistricts(code)) {
      if (!/^\d{4}$/.test(d.code) || !d.code.startsWith(code)) continue;
      districts.set(d.code, { ...pick(d), subdistricts: cleanSubdistricts(d.code, await getSubDistricts(d.code)) });
    }
    out.set(code, { ...pick(p), districts });
  }
  return out;
}
