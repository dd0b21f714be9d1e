// The place search's reading of a query (issue 24 item 8): จ./อ./ต. and จังหวัด/อำเภอ/ตำบล name a
// kind and are not part of the name; the one-letter-typo patterns match what edit distance 1 does.
import { describe, expect, it } from 'vitest';
import { foldQuery } from '../../../src/server/pageApi/pages/search.ts';
import { searchTerms, typoSearch, TYPO_MIN_LETTERS } from '../../../src/server/pageApi/pages/searchTerms.ts';

/** What `LIKE pattern` (escape backslash) answers for `name`. */
function like(name: string, pattern: string): boolean {
  const source = [...pattern.matchAll(/\\(.)|(%)|(_)|(.)/gsu)]
    .map(([, escaped, any, one, plain]) => (any ? '.*' : one ? '.' : (escaped ?? plain)!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`, 'su').test(name);
}
/** What the typo query answers: a half held as it is, and a pattern. */
function typoMatch(name: string, q: string): boolean {
  const typo = typoSearch(q);
  return !!typo && typo.halves.some((h) => name.includes(h)) && typo.patterns.some((p) => like(name, p));
}

describe('searchTerms', () => {
  it.each([
    ['จ.ชลบุรี', 'ชลบุรี', 'province'],
    ['จ. ชลบุรี', 'ชลบุรี', 'province'],
    ['จังหวัดชลบุรี', 'ชลบุรี', 'province'],
    ['อ.เมืองสงขลา', 'เมืองสงขลา', 'district'],
    ['อำเภอเมืองสงขลา', 'เมืองสงขลา', 'district'],
    ['ต.บ่อยาง', 'บอยาง', 'subdistrict'],
    ['ตำบลบ่อยาง', 'บอยาง', 'subdistrict'],
    ['บางแสน', 'บางแสน', ''],
    ['จ.', 'จ.', ''],
    // a name that only begins like a prefix keeps its letters
    ['จันทบุรี', 'จันทบุรี', ''],
  ])('%s -> %s (%s)', (q, text, kind) => {
    expect(searchTerms(foldQuery(q))).toEqual({ text, kind });
  });
});

describe('typoSearch', () => {
  it('finds a name with one letter missing, extra or changed, anywhere in it', () => {
    expect(typoMatch('สงขลา', 'สงขา')).toBe(true); // one missing
    expect(typoMatch('เมืองสงขลา', 'สงขา')).toBe(true);
    expect(typoMatch('สงขลา', 'สงขลลา')).toBe(true); // one extra
    expect(typoMatch('ชลบุรี', 'ชลบุลี')).toBe(true); // one changed
    expect(typoMatch('ชลบุรี', 'ขลบุรี')).toBe(true); // the first letter changed
    expect(typoMatch('ชลบุรี', 'ชลบุรา')).toBe(true); // the last letter changed
  });

  it('a name within one edit holds one half of the query as it is, whatever letter is wrong', () => {
    const q = 'เมืองสงขลา';
    const letters = [...q];
    for (let i = 0; i < letters.length; i++) {
      for (const variant of [[...letters.slice(0, i), 'x', ...letters.slice(i + 1)], [...letters.slice(0, i), ...letters.slice(i + 1)], [...letters.slice(0, i), 'x', ...letters.slice(i)]]) {
        expect(typoMatch(q, variant.join('')), variant.join('')).toBe(true);
      }
    }
  });

  it('does not find a name two letters away', () => {
    expect(typoMatch('สงขลา', 'สขา')).toBe(false);
    expect(typoMatch('ชลบุรี', 'ชนบุลี')).toBe(false);
  });

  it('asks nothing of a query shorter than TYPO_MIN_LETTERS, and escapes LIKE characters', () => {
    expect(typoSearch('abc'.slice(0, TYPO_MIN_LETTERS - 1))).toBeNull();
    expect(typoMatch('a_b%cd', 'a_b%c')).toBe(true);
    expect(typoMatch('axbycd', 'a_b%c')).toBe(false);
  });
});
