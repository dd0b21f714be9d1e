// Our own ECQL/CQL subset parser (DESIGN.md §6: geostyler-cql-parser returns undefined on any
// error, cannot tell `a = b` from `a = 'b'` and sets a global). Grammar, with NOT binding
// tighter than AND, and AND tighter than OR:
//
//   filter     := or EOF
//   or         := and (OR and)*
//   and        := not (AND not)*
//   not        := NOT not | primary
//   primary    := '(' or ')' | INCLUDE | EXCLUDE | BBOX(...) | INTERSECTS(...) | predicate
//   predicate  := operand cmp operand
//               | attribute [NOT] IN '(' literal (',' literal)* ')'
//               | attribute [NOT] (LIKE | ILIKE) string
//               | attribute IS [NOT] NULL
//               | attribute [NOT] BETWEEN literal AND literal
//   operand    := attribute | literal
//   attribute  := [A-Za-z_][A-Za-z0-9_]* | "double-quoted"
//   literal    := 'string' ('' escapes a quote) | [-]number | TRUE | FALSE
//   BBOX(attribute, minx, miny, maxx, maxy [, 'crs'])      INTERSECTS(attribute, POINT(x y))
//
// Anything else (function calls, sub-selects, comments, `;`, arithmetic, unicode look-alikes)
// is a FilterError with the 1-based position. The output is an AST (ast.ts); sql.ts binds every
// literal as a parameter.
import type { AttributeRef, FilterNode, Literal, Operand } from './ast.ts';
import { requireCrs, toLonLatEnvelope, toLonLatPoint, type CrsInfo } from './crs.ts';
import { FilterError, codePointName, describeText, findForbiddenChar } from './errors.ts';
import { KEYWORDS, describeToken, tokenize, type Token } from './cqlTokens.ts';

export const CQL_MAX_LENGTH = 4000;
export const CQL_MAX_DEPTH = 32;
export const CQL_MAX_IN_ITEMS = 500;
/** Upper bound for a whole multi-layer CQL_FILTER value before it is split. */
const CQL_MAX_TOTAL_LENGTH = 64 * 1024;

export interface CqlParseOptions {
  /** Parameter name used in error messages. Default 'CQL_FILTER'. */
  locator?: string;
  /** CRS of BBOX/INTERSECTS coordinates without an explicit CRS. Default CRS84 (lon/lat). */
  defaultCrs?: string;
}

class Parser {
  private i = 0;
  private depth = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly locator: string,
    private readonly defaultCrs: string,
  ) {}

  private peek(offset = 0): Token {
    return (this.tokens[this.i + offset] ?? this.tokens[this.tokens.length - 1]) as Token;
  }

  private next(): Token {
    const tok = this.peek();
    if (tok.t !== 'eof') this.i++;
    return tok;
  }

  private fail(detail: string, tok: Token): never {
    throw new FilterError(this.locator, detail, tok.pos);
  }

  private unexpected(tok: Token): never {
    this.fail(`unexpected ${describeToken(tok)}`, tok);
  }

  private keyword(tok: Token): string | undefined {
    if (tok.t !== 'ident' || tok.quoted) return undefined;
    const upper = tok.v.toUpperCase();
    return KEYWORDS.has(upper) ? upper : undefined;
  }

  private isKeyword(tok: Token, kw: string): boolean {
    return this.keyword(tok) === kw;
  }

  private expect(t: Token['t'], what = `"${t}"`): Token {
    const tok = this.peek();
    if (tok.t !== t) this.fail(`expected ${what} but found ${describeToken(tok)}`, tok);
    this.i++;
    return tok;
  }

  private expectKeyword(kw: string): void {
    const tok = this.peek();
    if (!this.isKeyword(tok, kw)) this.fail(`expected ${kw} but found ${describeToken(tok)}`, tok);
    this.i++;
  }

  private enter(tok: Token): void {
    if (++this.depth > CQL_MAX_DEPTH) this.fail(`nesting deeper than ${CQL_MAX_DEPTH} levels`, tok);
  }

  parseFilter(): FilterNode {
    const node = this.parseOr();
    const tok = this.peek();
    if (tok.t !== 'eof') this.unexpected(tok);
    return node;
  }

  private parseOr(): FilterNode {
    const children = [this.parseAnd()];
    while (this.isKeyword(this.peek(), 'OR')) {
      this.i++;
      children.push(this.parseAnd());
    }
    return children.length === 1 ? (children[0] as FilterNode) : { type: 'or', children };
  }

  private parseAnd(): FilterNode {
    const children = [this.parseNot()];
    while (this.isKeyword(this.peek(), 'AND')) {
      this.i++;
      children.push(this.parseNot());
    }
    return children.length === 1 ? (children[0] as FilterNode) : { type: 'and', children };
  }

  private parseNot(): FilterNode {
    const tok = this.peek();
    if (this.isKeyword(tok, 'NOT')) {
      this.i++;
      this.enter(tok);
      const child = this.parseNot();
      this.depth--;
      return { type: 'not', child };
    }
    return this.parsePrimary();
  }

  private parsePrimary(): FilterNode {
    const tok = this.peek();
    if (tok.t === '(') {
      this.i++;
      this.enter(tok);
      const inner = this.parseOr();
      const close = this.peek();
      if (close.t !== ')') this.fail(`expected ")" to close "(" at position ${tok.pos} but found ${describeToken(close)}`, close);
      this.i++;
      this.depth--;
      return inner;
    }
    const kw = this.keyword(tok);
    if (kw === 'INCLUDE' || kw === 'EXCLUDE') {
      this.i++;
      return { type: kw === 'INCLUDE' ? 'include' : 'exclude' };
    }
    if ((kw === 'BBOX' || kw === 'INTERSECTS') && this.peek(1).t === '(') {
      return kw === 'BBOX' ? this.parseBbox() : this.parseIntersects();
    }
    return this.parsePredicate();
  }

  private parseOperand(): Operand {
    const tok = this.peek();
    if (tok.t === 'string') {
      this.i++;
      return { kind: 'string', value: tok.v, position: tok.pos };
    }
    if (tok.t === 'number') {
      this.i++;
      return { kind: 'number', value: tok.v, raw: tok.raw, position: tok.pos };
    }
    if (tok.t === 'ident') {
      const kw = this.keyword(tok);
      if (kw === 'TRUE' || kw === 'FALSE') {
        this.i++;
        return { kind: 'boolean', value: kw === 'TRUE', position: tok.pos };
      }
      if (kw === 'NULL') this.fail('unexpected NULL (use IS NULL or IS NOT NULL)', tok);
      if (this.peek(1).t === '(') this.fail(`function calls are not allowed: "${describeText(tok.v)}("`, tok);
      if (kw !== undefined) this.fail(`unexpected keyword ${kw}`, tok);
      this.i++;
      return { kind: 'attribute', name: tok.v, position: tok.pos };
    }
    if (tok.t === '(') this.fail('unexpected "(" (sub-expressions are not allowed here)', tok);
    this.unexpected(tok);
  }

  private parseLiteral(what: string): Literal {
    const tok = this.peek();
    const kw = this.keyword(tok);
    if (tok.t === 'string' || tok.t === 'number' || kw === 'TRUE' || kw === 'FALSE') return this.parseOperand() as Literal;
    if (tok.t === 'ident' && this.peek(1).t === '(') this.fail(`function calls are not allowed: "${describeText(tok.v)}("`, tok);
    this.fail(`expected ${what} but found ${describeToken(tok)}`, tok);
  }

  private requireAttribute(left: Operand, what: string, tok: Token): AttributeRef {
    if (left.kind !== 'attribute') this.fail(`${what} needs an attribute on its left`, tok);
    return left;
  }

  private parsePredicate(): FilterNode {
    const startTok = this.peek();
    const left = this.parseOperand();
    let tok = this.peek();
    if (tok.t === 'op') {
      this.i++;
      const right = this.parseOperand();
      if (left.kind !== 'attribute' && right.kind !== 'attribute') {
        this.fail('a comparison needs an attribute on at least one side', startTok);
      }
      return { type: 'compare', op: tok.v, left, right };
    }
    let negated = false;
    if (this.isKeyword(tok, 'NOT')) {
      negated = true;
      this.i++;
      tok = this.peek();
    }
    const kw = this.keyword(tok);
    if (kw === 'IN') {
      const attribute = this.requireAttribute(left, 'IN', tok);
      this.i++;
      const open = this.expect('(', '"(" after IN');
      const values: Literal[] = [];
      for (;;) {
        if (values.length >= CQL_MAX_IN_ITEMS) this.fail(`IN list longer than ${CQL_MAX_IN_ITEMS} items`, this.peek());
        values.push(this.parseLiteral('a literal value in the IN list'));
        const sep = this.peek();
        if (sep.t === ',') {
          this.i++;
          continue;
        }
        if (sep.t === ')') {
          this.i++;
          break;
        }
        this.fail(`expected "," or ")" in the IN list opened at position ${open.pos} but found ${describeToken(sep)}`, sep);
      }
      return { type: 'in', attribute, values, negated };
    }
    if (kw === 'LIKE' || kw === 'ILIKE') {
      const attribute = this.requireAttribute(left, kw, tok);
      this.i++;
      const pat = this.peek();
      if (pat.t !== 'string') this.fail(`expected a quoted pattern after ${kw} but found ${describeToken(pat)}`, pat);
      this.i++;
      return { type: 'like', attribute, pattern: pat.v, caseInsensitive: kw === 'ILIKE', negated, position: pat.pos };
    }
    if (kw === 'BETWEEN') {
      const attribute = this.requireAttribute(left, 'BETWEEN', tok);
      this.i++;
      const lower = this.parseLiteral('a literal lower bound');
      this.expectKeyword('AND');
      const upper = this.parseLiteral('a literal upper bound');
      return { type: 'between', attribute, lower, upper, negated };
    }
    if (kw === 'IS' && !negated) {
      const attribute = this.requireAttribute(left, 'IS NULL', tok);
      this.i++;
      let isNot = false;
      if (this.isKeyword(this.peek(), 'NOT')) {
        isNot = true;
        this.i++;
      }
      this.expectKeyword('NULL');
      return { type: 'isNull', attribute, negated: isNot };
    }
    if (negated) this.fail(`expected IN, LIKE, ILIKE or BETWEEN after NOT but found ${describeToken(tok)}`, tok);
    if (left.kind !== 'attribute' && tok.t === 'eof') this.fail('a filter needs an attribute and an operator', startTok);
    this.fail(`expected an operator after ${left.kind === 'attribute' ? `attribute "${describeText(left.name)}"` : 'the value'} but found ${describeToken(tok)}`, tok);
  }

  private parseNumberArg(what: string): number {
    const tok = this.peek();
    if (tok.t !== 'number') this.fail(`expected a number for ${what} but found ${describeToken(tok)}`, tok);
    this.i++;
    return tok.v;
  }

  private parseGeometryAttribute(fn: string): AttributeRef {
    const tok = this.peek();
    if (tok.t !== 'ident' || this.keyword(tok)) this.fail(`expected the geometry attribute as the first argument of ${fn} but found ${describeToken(tok)}`, tok);
    this.i++;
    return { kind: 'attribute', name: tok.v, position: tok.pos };
  }

  private parseBbox(): FilterNode {
    const fnTok = this.next();
    this.expect('(');
    const attribute = this.parseGeometryAttribute('BBOX');
    const coords: number[] = [];
    for (const what of ['minx', 'miny', 'maxx', 'maxy']) {
      this.expect(',');
      coords.push(this.parseNumberArg(`${what} of BBOX`));
    }
    let crs: CrsInfo;
    if (this.peek().t === ',') {
      this.i++;
      const crsTok = this.peek();
      if (crsTok.t !== 'string') this.fail(`expected a quoted CRS such as 'EPSG:4326' but found ${describeToken(crsTok)}`, crsTok);
      this.i++;
      crs = this.at(crsTok, 'BBOX: ', () => requireCrs(crsTok.v, this.locator));
    } else {
      crs = this.at(fnTok, 'BBOX: ', () => requireCrs(this.defaultCrs, this.locator));
    }
    this.expect(')', '")" to close BBOX');
    const envelope = this.at(fnTok, 'BBOX: ', () => toLonLatEnvelope(coords as [number, number, number, number], crs, this.locator).lonLat);
    return { type: 'bbox', attribute, envelope };
  }

  private parseIntersects(): FilterNode {
    const fnTok = this.next();
    this.expect('(');
    const attribute = this.parseGeometryAttribute('INTERSECTS');
    this.expect(',');
    const geomTok = this.peek();
    if (!this.isKeyword(geomTok, 'POINT')) this.fail(`only POINT(x y) geometries are supported in INTERSECTS, found ${describeToken(geomTok)}`, geomTok);
    this.i++;
    this.expect('(', '"(" after POINT');
    const x = this.parseNumberArg('x of POINT');
    const y = this.parseNumberArg('y of POINT');
    this.expect(')', '")" to close POINT');
    this.expect(')', '")" to close INTERSECTS');
    const crs = this.at(fnTok, '', () => requireCrs(this.defaultCrs, this.locator));
    const point = this.at(fnTok, 'INTERSECTS: ', () => toLonLatPoint(x, y, crs, this.locator));
    return { type: 'intersects', attribute, point };
  }

  /** Runs a helper that throws position-less FilterErrors and pins them to `tok`. */
  private at<T>(tok: Token, prefix: string, fn: () => T): T {
    try {
      return fn();
    } catch (e) {
      if (e instanceof FilterError) this.fail(prefix + e.detail, tok);
      throw e;
    }
  }
}

/** Checks size and characters shared by every CQL entry point; returns the text unchanged. */
function checkText(text: string, locator: string, max: number): string {
  if (text.length > max) throw new FilterError(locator, `longer than ${max} characters`);
  const bad = findForbiddenChar(text);
  if (bad >= 0) throw new FilterError(locator, `forbidden character ${codePointName(text[bad] ?? '')}`, bad + 1);
  return text;
}

/** Parses one CQL/ECQL filter (one layer's filter) into the AST. Throws FilterError. */
export function parseCql(text: string, options: CqlParseOptions = {}): FilterNode {
  const locator = options.locator ?? 'CQL_FILTER';
  checkText(text, locator, CQL_MAX_LENGTH);
  if (text.trim() === '') throw new FilterError(locator, 'empty filter');
  const tokens = tokenize(text, locator);
  return new Parser(tokens, locator, options.defaultCrs ?? 'CRS84').parseFilter();
}

/**
 * Splits a CQL_FILTER value holding one filter per layer of a WMS/WFS LAYERS (typeNames) list,
 * separated by `;` outside quotes (GeoServer syntax). With `layerCount`, the number of filters
 * must match. Each part still has to go through parseCql.
 */
export function splitPerLayer(value: string, layerCount?: number, locator = 'CQL_FILTER'): string[] {
  checkText(value, locator, CQL_MAX_TOTAL_LENGTH);
  const parts: string[] = [];
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (quote) {
      if (c === quote) {
        if (value[i + 1] === quote) i++;
        else quote = null;
      }
    } else if (c === "'" || c === '"') {
      quote = c;
    } else if (c === ';') {
      parts.push(value.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(value.slice(start));
  const trimmed = parts.map((p) => p.trim());
  if (layerCount !== undefined && trimmed.length !== layerCount) {
    throw new FilterError(locator, `${trimmed.length} filter(s) for ${layerCount} layer(s); separate one filter per layer with ";"`);
  }
  trimmed.forEach((p, n) => {
    if (p === '') throw new FilterError(locator, `filter ${n + 1} of ${trimmed.length} is empty (use INCLUDE for no filter)`);
  });
  return trimmed;
}

/** splitPerLayer + parseCql for each layer. */
export function parseCqlPerLayer(value: string, layerCount: number, options: CqlParseOptions = {}): FilterNode[] {
  const locator = options.locator ?? 'CQL_FILTER';
  const parts = splitPerLayer(value, layerCount, locator);
  return parts.map((part, n) => {
    try {
      return parseCql(part, options);
    } catch (e) {
      if (e instanceof FilterError && parts.length > 1) throw new FilterError(locator, `filter ${n + 1} of ${parts.length}: ${e.detail}`, e.position);
      throw e;
    }
  });
}
