import { describe, expect, it } from 'vitest';
import {
  CQL_MAX_DEPTH,
  CQL_MAX_IN_ITEMS,
  CQL_MAX_LENGTH,
  FilterError,
  cqlToSql,
  parseCql,
  parseCqlPerLayer,
  splitPerLayer,
  toSql,
  type FilterNode,
  type SqlParam,
} from '../../../src/server/ogc/filter/index.ts';
import { sqlOptions } from './fixtures.ts';

const sql = (cql: string, extra: Partial<typeof sqlOptions> = {}) => cqlToSql(cql, { ...sqlOptions, ...extra });

function thrown(fn: () => unknown): FilterError {
  try {
    fn();
  } catch (e) {
    if (e instanceof FilterError) return e;
    throw e;
  }
  throw new Error('expected a FilterError');
}

describe('DESIGN §6 "write our own small parser for the subset the config uses (=, <>, <, >, <=, >=, AND, OR, NOT, IN, LIKE, IS NULL, BETWEEN, BBOX)"', () => {
  const table: Array<[string, string, SqlParam[]]> = [
    ["prv_code = '90'", '"prv_code" = $1', ['90']],
    ["prv_code <> '90'", '"prv_code" <> $1', ['90']],
    ['epr < -5', '"epr" < $1', [-5]],
    ['epr > 5', '"epr" > $1', [5]],
    ['epr <= -1.5', '"epr" <= $1', [-1.5]],
    ['epr >= .5', '"epr" >= $1', [0.5]],
    ['gid = 12', '"gid" = $1::bigint', [12]],
    ["gid = '12'", '"gid" = $1::bigint', [12]],
    ['gid = -3', '"gid" = $1::bigint', [-3]],
    ['prv_code = 90', '"prv_code" = $1', ['90']],
    ["prv_name = 'สงขลา'", '"prv_name" = $1', ['สงขลา']],
    ["island IN ('เกาะยอ','เกาะหมาก')", '"island" IN ($1, $2)', ['เกาะยอ', 'เกาะหมาก']],
    ["island NOT IN ('เกาะยอ')", '"island" NOT IN ($1)', ['เกาะยอ']],
    ["gid IN ('1','2',3)", '"gid" IN ($1::bigint, $2::bigint, $3::bigint)', [1, 2, 3]],
    ["amp_name LIKE 'หาด%'", '"amp_name" LIKE $1', ['หาด%']],
    ["amp_name like '_าด\\%'", '"amp_name" LIKE $1', ['_าด\\%']],
    ["amp_name ILIKE '%yai%'", '"amp_name" ILIKE $1', ['%yai%']],
    ["amp_name NOT LIKE 'x%'", '"amp_name" NOT LIKE $1', ['x%']],
    ["gid LIKE '1%'", 'CAST("gid" AS text) LIKE $1', ['1%']],
    ['island IS NULL', '"island" IS NULL', []],
    ['island is not null', '"island" IS NOT NULL', []],
    ['epr BETWEEN -5 AND -1', '"epr" BETWEEN $1 AND $2', [-5, -1]],
    ['year NOT BETWEEN 2562 AND 2567', '"year" NOT BETWEEN $1::bigint AND $2::bigint', [2562, 2567]],
    ["prv_name = 'O''Brien'", '"prv_name" = $1', ["O'Brien"]],
    ["prv_name = ''", '"prv_name" = $1', ['']],
    ['active = TRUE', '"active" = $1', [true]],
    ["active = 'false'", '"active" = $1', [false]],
    ["survey_date >= '2024-01-31'", '"survey_date" >= $1', ['2024-01-31']],
    ["survey_date < '2024-01-31T12:00:00Z'", '"survey_date" < $1', ['2024-01-31T12:00:00Z']],
    ['"prv_code" = \'90\'', '"prv_code" = $1', ['90']],
    ["'90' = prv_code", '"prv_code" = $1', ['90']],
    ['5 < epr', '"epr" > $1', [5]],
    ['a = b', '"a" = "b"', []],
    ['epr > shape_leng', '"epr" > "shape_leng"', []],
    ['INCLUDE', 'TRUE', []],
    ['EXCLUDE', 'FALSE', []],
    ["  prv_code\t=\n'90'  ", '"prv_code" = $1', ['90']],
    ["prv_code = '90' and amp_code = '9001' and tam_code = '900101'", '("prv_code" = $1 AND "amp_code" = $2 AND "tam_code" = $3)', ['90', '9001', '900101']],
    ["prv_code = '90' OR prv_code = '80'", '("prv_code" = $1 OR "prv_code" = $2)', ['90', '80']],
    ['BBOX(geom, 100, 6, 101, 7)', 'ST_Intersects("geom", ST_MakeEnvelope($1,$2,$3,$4,4326))', [100, 6, 101, 7]],
    ["BBOX(geom, 100.5, 6.25, 101, 7, 'EPSG:4326')", 'ST_Intersects("geom", ST_MakeEnvelope($1,$2,$3,$4,4326))', [100.5, 6.25, 101, 7]],
    ["BBOX(geom, 6, 100, 7, 101, 'urn:ogc:def:crs:EPSG::4326')", 'ST_Intersects("geom", ST_MakeEnvelope($1,$2,$3,$4,4326))', [100, 6, 101, 7]],
    ["bbox(geom, 100, 6, 101, 7, 'urn:ogc:def:crs:OGC:1.3:CRS84')", 'ST_Intersects("geom", ST_MakeEnvelope($1,$2,$3,$4,4326))', [100, 6, 101, 7]],
    ['INTERSECTS(geom, POINT(100.5 13.75))', 'ST_Intersects("geom", ST_SetSRID(ST_MakePoint($1,$2),4326))', [100.5, 13.75]],
    [
      "BBOX(geom, 100, 6, 101, 7) AND (island IN ('เกาะยอ') OR island IS NULL)",
      '(ST_Intersects("geom", ST_MakeEnvelope($1,$2,$3,$4,4326)) AND ("island" IN ($5) OR "island" IS NULL))',
      [100, 6, 101, 7, 'เกาะยอ'],
    ],
  ];

  it.each(table)('%s', (cql, expectedSql, expectedParams) => {
    expect(sql(cql)).toEqual({ sql: expectedSql, params: expectedParams });
  });

  it('has at least 40 valid cases', () => expect(table.length).toBeGreaterThanOrEqual(40));

  it('SPEC §7 "CQL_FILTER by prv_code/amp_code/tam_code ... joined by \'and\'": the client format of src/engine/layerInstance.ts parses', () => {
    expect(sql("prv_code = '90' and amp_code = '9001'").params).toEqual(['90', '9001']);
    expect(sql("gid IN ('12','13')")).toEqual({ sql: '"gid" IN ($1::bigint, $2::bigint)', params: [12, 13] });
    expect(sql("island LIKE '%เกาะ%'")).toEqual({ sql: '"island" LIKE $1', params: ['%เกาะ%'] });
  });

  it('numbers placeholders after paramOffset', () => {
    expect(sql("prv_code = '90' AND epr > 1", { paramOffset: 3 })).toEqual({ sql: '("prv_code" = $4 AND "epr" > $5)', params: ['90', 1] });
  });

  it('transforms the envelope when the geometry column is not EPSG:4326', () => {
    expect(sql('BBOX(geom, 100, 6, 101, 7)', { geometrySrid: 32647 }).sql).toBe(
      'ST_Intersects("geom", ST_Transform(ST_MakeEnvelope($1,$2,$3,$4,4326), 32647))',
    );
  });

  it('BBOX in EPSG:3857 metres becomes a lon/lat envelope', () => {
    const { params } = sql("BBOX(geom, 11131949.08, 0, 11242268.4, 782488.7, 'EPSG:3857')");
    expect(params[0]).toBeCloseTo(100, 6);
    expect(params[1]).toBeCloseTo(0, 6);
    expect(params[2]).toBeCloseTo(100.991, 3);
    expect(params[3]).toBeCloseTo(7.0117, 3);
  });

  it('distinguishes attribute = attribute from attribute = \'literal\' (DESIGN §6 "cannot tell a = b (column) from a = \'b\'")', () => {
    expect(parseCql('a = b')).toEqual({
      type: 'compare',
      op: '=',
      left: { kind: 'attribute', name: 'a', position: 1 },
      right: { kind: 'attribute', name: 'b', position: 5 },
    });
    expect(parseCql("a = 'b'")).toEqual({
      type: 'compare',
      op: '=',
      left: { kind: 'attribute', name: 'a', position: 1 },
      right: { kind: 'string', value: 'b', position: 5 },
    });
    expect(thrown(() => sql('prv_code = secret')).message).toBe('CQL_FILTER: unknown attribute "secret" at position 12');
  });

  it('keywords are case-insensitive, attribute names are case-sensitive', () => {
    expect(sql("prv_code = '90' aNd NoT island iS nUlL").sql).toBe('("prv_code" = $1 AND (NOT "island" IS NULL))');
    expect(thrown(() => sql("PRV_CODE = '90'")).message).toBe('CQL_FILTER: unknown attribute "PRV_CODE" at position 1');
  });
});

describe('operator precedence: NOT > AND > OR', () => {
  const cases: Array<[string, string]> = [
    ['a = 1 OR b = 2 AND c = 3', '("a" = $1 OR ("b" = $2 AND "c" = $3))'],
    ['a = 1 AND b = 2 OR c = 3', '(("a" = $1 AND "b" = $2) OR "c" = $3)'],
    ['NOT a = 1 AND b = 2', '((NOT "a" = $1) AND "b" = $2)'],
    ['NOT a = 1 OR b = 2 AND c = 3', '((NOT "a" = $1) OR ("b" = $2 AND "c" = $3))'],
    ['NOT (a = 1 OR b = 2)', '(NOT ("a" = $1 OR "b" = $2))'],
    ['(a = 1 OR b = 2) AND c = 3', '(("a" = $1 OR "b" = $2) AND "c" = $3)'],
    ['NOT NOT a = 1', '(NOT (NOT "a" = $1))'],
    ['a BETWEEN 1 AND 2 AND b = 3', '("a" BETWEEN $1 AND $2 AND "b" = $3)'],
  ];
  it.each(cases)('%s', (cql, expected) => expect(sql(cql).sql).toBe(expected));

  it('builds the AST shape', () => {
    const ast = parseCql('NOT a = 1 OR b = 2 AND c = 3');
    expect(ast.type).toBe('or');
    const [first, second] = (ast as Extract<FilterNode, { type: 'or' }>).children;
    expect(first?.type).toBe('not');
    expect(second?.type).toBe('and');
  });
});

describe('errors: FilterError InvalidParameterValue with a position (DESIGN §6 "anything else a 400 with an OGC exception report")', () => {
  it('names the character position', () => {
    const e = thrown(() => parseCql("(prv_code = '90'))"));
    expect(e).toBeInstanceOf(FilterError);
    expect(e.code).toBe('InvalidParameterValue');
    expect(e.locator).toBe('CQL_FILTER');
    expect(e.position).toBe(18);
    expect(e.message).toBe('CQL_FILTER: unexpected ")" at position 18');
  });

  it('reports unbalanced parentheses and quotes at the right place', () => {
    expect(thrown(() => parseCql("(prv_code = '90'")).message).toBe('CQL_FILTER: expected ")" to close "(" at position 1 but found end of input at position 17');
    expect(thrown(() => parseCql("prv_code = '90")).message).toBe('CQL_FILTER: unterminated string starting at position 12');
  });

  it('names the attribute and the type for mistyped values', () => {
    expect(thrown(() => sql("gid = 'abc'")).message).toBe('CQL_FILTER: attribute "gid" is an integer; \'abc\' is not a number at position 7');
    expect(thrown(() => sql('epr > \'5 OR 1=1\'')).message).toContain('attribute "epr" is a number');
  });

  it('uses the given locator', () => {
    expect(thrown(() => parseCql('x =', { locator: 'cql_filter' })).message).toMatch(/^cql_filter: /);
  });

  it(`limits: ${CQL_MAX_LENGTH} characters, depth ${CQL_MAX_DEPTH}, ${CQL_MAX_IN_ITEMS} IN items`, () => {
    const atDepth = (n: number) => `${'('.repeat(n)}a = 1${')'.repeat(n)}`;
    expect(sql(atDepth(CQL_MAX_DEPTH)).sql).toBe('"a" = $1');
    expect(thrown(() => parseCql(atDepth(CQL_MAX_DEPTH + 1))).message).toContain(`nesting deeper than ${CQL_MAX_DEPTH} levels`);
    const items = (n: number) => `gid IN (${Array.from({ length: n }, (_, i) => i).join(',')})`;
    expect(sql(items(CQL_MAX_IN_ITEMS)).params).toHaveLength(CQL_MAX_IN_ITEMS);
    expect(thrown(() => parseCql(items(CQL_MAX_IN_ITEMS + 1))).message).toContain(`IN list longer than ${CQL_MAX_IN_ITEMS} items`);
    const long = `prv_name = '${'ก'.repeat(CQL_MAX_LENGTH - 13)}'`;
    expect(long.length).toBe(CQL_MAX_LENGTH);
    expect(sql(long).params).toHaveLength(1);
    expect(thrown(() => parseCql(`${long} `)).message).toBe(`CQL_FILTER: longer than ${CQL_MAX_LENGTH} characters`);
  });
});

describe('splitPerLayer: "CQL_FILTER can hold several filters separated by ;" (one per layer of a WMS LAYERS list)', () => {
  it('splits outside quotes only', () => {
    expect(splitPerLayer("prv_code = '90';island = 'a;b' ; INCLUDE")).toEqual(["prv_code = '90'", "island = 'a;b'", 'INCLUDE']);
    expect(splitPerLayer(`"we;ird" = 1;a = 'it''s;'`)).toEqual([`"we;ird" = 1`, `a = 'it''s;'`]);
    expect(splitPerLayer("prv_code = '90'")).toEqual(["prv_code = '90'"]);
  });

  it('checks the count against the layers and refuses empty parts', () => {
    expect(thrown(() => splitPerLayer("a = 1;b = 2", 1)).message).toBe('CQL_FILTER: 2 filter(s) for 1 layer(s); separate one filter per layer with ";"');
    expect(thrown(() => splitPerLayer('a = 1;', 2)).message).toContain('filter 2 of 2 is empty');
  });

  it('parses each layer and names the failing filter', () => {
    const [first, second] = parseCqlPerLayer("a = 1;prv_code IN ('90','80')", 2);
    expect(toSql(first as FilterNode, sqlOptions).sql).toBe('"a" = $1');
    expect(toSql(second as FilterNode, sqlOptions).params).toEqual(['90', '80']);
    expect(thrown(() => parseCqlPerLayer('a = 1; DROP TABLE x', 2)).message).toBe('CQL_FILTER: filter 2 of 2: expected an operator after attribute "DROP" but found "TABLE" at position 6');
  });
});

describe('injection-shaped but well-formed CQL is bound as one parameter, never pasted', () => {
  it.each([
    ["prv_code = '90'' OR ''1''=''1'", "90' OR '1'='1"],
    ["prv_code = '90; DROP TABLE x; --'", '90; DROP TABLE x; --'],
    ["prv_code = '/* */ $1 \\'", '/* */ $1 \\'],
  ])('%s', (cql, value) => {
    expect(sql(cql)).toEqual({ sql: '"prv_code" = $1', params: [value] });
  });
});
