// What a folded place-search query asks (issue 24 item 8): the place kind an administrative prefix
// names ('จ.ชลบุรี', 'อำเภอเมืองสงขลา', 'ต.บ่อยาง'; the prefix itself is not part of any name), and
// the LIKE patterns that find a name holding the query with one letter wrong, missing or extra
// (edit distance 1: 'สงขา' finds สงขลา), with the two halves of the query one of which such a name
// holds as it is (one edit spoils at most one half): the database keeps the cheap half test
// first and matches the patterns on the few names left. Pure, tested without a database.

/** Administrative prefixes, folded (no tone marks), longest first, and the kind each names. */
const PREFIXES: ReadonlyArray<readonly [string, string]> = [
  ['จังหวัด', 'province'],
  ['อำเภอ', 'district'],
  ['ตำบล', 'subdistrict'],
  ['จ.', 'province'],
  ['อ.', 'district'],
  ['ต.', 'subdistrict'],
];

interface SearchTerms {
  /** The folded query without its prefix. */
  text: string;
  /** The kind its prefix names, ranked first among equally good matches; '' without one. */
  kind: string;
}

/** Splits a folded query into its prefix's kind and the name after it; a prefix with nothing
 *  after it is kept as the text (there is no name to look for otherwise). */
export function searchTerms(folded: string): SearchTerms {
  for (const [prefix, kind] of PREFIXES) {
    if (!folded.startsWith(prefix)) continue;
    const text = folded.slice(prefix.length).trim();
    if (/[\p{L}\p{N}]/u.test(text)) return { text, kind };
  }
  return { text: folded, kind: '' };
}

/** Shorter queries would match nearly every name with one letter changed. */
export const TYPO_MIN_LETTERS = 4;

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

interface TypoSearch {
  /** LIKE patterns (escape character backslash), each of the query's one-letter variants
   *  anywhere in a name: each letter replaced by any one ('_'), a letter inserted between two,
   *  each letter left out. Letters are code points. */
  patterns: string[];
  /** The query's first and second half: a name within one edit of it holds one of them. */
  halves: [string, string];
}

/** What finds names within edit distance 1 of `text`; null for a query shorter than TYPO_MIN_LETTERS. */
export function typoSearch(text: string): TypoSearch | null {
  const letters = [...text];
  if (letters.length < TYPO_MIN_LETTERS) return null;
  const esc = letters.map(likeEscape);
  const at = (from: number, to: number) => esc.slice(from, to).join('');
  const patterns = new Set<string>();
  for (let i = 0; i < esc.length; i++) {
    patterns.add(`%${at(0, i)}_${at(i + 1, esc.length)}%`);
    patterns.add(`%${at(0, i)}${at(i + 1, esc.length)}%`);
    if (i > 0) patterns.add(`%${at(0, i)}_${at(i, esc.length)}%`);
  }
  const half = Math.floor(letters.length / 2);
  return { patterns: [...patterns], halves: [letters.slice(0, half).join(''), letters.slice(half).join('')] };
}
