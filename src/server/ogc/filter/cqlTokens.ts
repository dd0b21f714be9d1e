// The tokens of our ECQL/CQL subset (the grammar is in cql.ts): identifiers (bare or
// "double-quoted"), 'strings' ('' escapes a quote), numbers, comparison operators and punctuation,
// each with its 1-based position for error messages. Anything else is a FilterError.
import type { ComparisonOperator } from './ast.ts';
import { FilterError, codePointName, describeText } from './errors.ts';

export type Token =
  | { t: 'ident'; v: string; quoted: boolean; pos: number }
  | { t: 'string'; v: string; pos: number }
  | { t: 'number'; v: number; raw: string; pos: number }
  | { t: 'op'; v: ComparisonOperator; pos: number }
  | { t: '(' | ')' | ','; pos: number }
  | { t: 'eof'; pos: number };

export const KEYWORDS = new Set([
  'AND', 'OR', 'NOT', 'IN', 'LIKE', 'ILIKE', 'IS', 'NULL', 'BETWEEN', 'TRUE', 'FALSE',
  'INCLUDE', 'EXCLUDE', 'BBOX', 'INTERSECTS', 'POINT',
]);

const isIdentStart = (c: string) => /[A-Za-z_]/.test(c);
const isIdentPart = (c: string) => /[A-Za-z0-9_]/.test(c);
const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
const isSpace = (c: string) => c === ' ' || c === '\t' || c === '\n' || c === '\r';

export function tokenize(src: string, locator: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const fail = (detail: string, at: number): never => {
    throw new FilterError(locator, detail, at + 1);
  };
  while (i < src.length) {
    const c = src[i] as string;
    if (isSpace(c)) {
      i++;
      continue;
    }
    const start = i;
    if (c === '(' || c === ')' || c === ',') {
      tokens.push({ t: c, pos: start + 1 });
      i++;
    } else if (c === '=') {
      tokens.push({ t: 'op', v: '=', pos: start + 1 });
      i++;
    } else if (c === '<') {
      const n = src[i + 1];
      if (n === '>' || n === '=') {
        tokens.push({ t: 'op', v: n === '>' ? '<>' : '<=', pos: start + 1 });
        i += 2;
      } else {
        tokens.push({ t: 'op', v: '<', pos: start + 1 });
        i++;
      }
    } else if (c === '>') {
      if (src[i + 1] === '=') {
        tokens.push({ t: 'op', v: '>=', pos: start + 1 });
        i += 2;
      } else {
        tokens.push({ t: 'op', v: '>', pos: start + 1 });
        i++;
      }
    } else if (c === "'") {
      let value = '';
      i++;
      for (;;) {
        if (i >= src.length) fail('unterminated string starting', start);
        const ch = src[i] as string;
        if (ch === "'") {
          if (src[i + 1] === "'") {
            value += "'";
            i += 2;
            continue;
          }
          i++;
          break;
        }
        value += ch;
        i++;
      }
      tokens.push({ t: 'string', v: value, pos: start + 1 });
    } else if (c === '"') {
      let name = '';
      i++;
      for (;;) {
        if (i >= src.length) fail('unterminated quoted attribute name starting', start);
        const ch = src[i] as string;
        if (ch === '"') {
          if (src[i + 1] === '"') {
            name += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        name += ch;
        i++;
      }
      if (name === '') fail('empty quoted attribute name', start);
      tokens.push({ t: 'ident', v: name, quoted: true, pos: start + 1 });
    } else if (isDigit(c) || (c === '.' && isDigit(src[i + 1])) || (c === '-' && (isDigit(src[i + 1]) || (src[i + 1] === '.' && isDigit(src[i + 2]))))) {
      const m = /^-?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?/.exec(src.slice(i, i + 80));
      if (!m) fail(`malformed number`, start);
      const raw = (m as RegExpExecArray)[0];
      i += raw.length;
      const next = src[i];
      if (next !== undefined && (isIdentPart(next) || next === '.')) fail(`malformed number "${describeText(src.slice(start, i + 1))}"`, start);
      const v = Number(raw);
      if (!Number.isFinite(v) || raw.replace(/^-/, '').length > 40) fail(`number out of range "${describeText(raw)}"`, start);
      tokens.push({ t: 'number', v: v === 0 ? 0 : v, raw, pos: start + 1 });
    } else if (isIdentStart(c)) {
      while (i < src.length && isIdentPart(src[i] as string)) i++;
      if (i - start > 128) fail('attribute name longer than 128 characters', start);
      tokens.push({ t: 'ident', v: src.slice(start, i), quoted: false, pos: start + 1 });
    } else if (c === ';') {
      fail('unexpected ";" (";" only separates the filters of different layers)', start);
    } else if (c === '-' && src[i + 1] === '-') {
      fail('unexpected "--" (comments are not allowed)', start);
    } else if (c === '/' && src[i + 1] === '*') {
      fail('unexpected "/*" (comments are not allowed)', start);
    } else {
      const cp = String.fromCodePoint(src.codePointAt(i) ?? 0);
      const printable = /^[\x21-\x7e]$/.test(cp);
      fail(printable ? `unexpected character "${cp}"` : `unexpected character ${codePointName(cp)}`, start);
    }
  }
  tokens.push({ t: 'eof', pos: src.length + 1 });
  return tokens;
}

export function describeToken(tok: Token): string {
  switch (tok.t) {
    case 'eof':
      return 'end of input';
    case 'ident':
      return `"${describeText(tok.v)}"`;
    case 'string':
      return `'${describeText(tok.v)}'`;
    case 'number':
      return `"${tok.raw}"`;
    case 'op':
      return `"${tok.v}"`;
    default:
      return `"${tok.t}"`;
  }
}
