// The filter AST shared by the CQL parser (cql.ts) and the FES/OGC Filter XML parser (fes.ts);
// sql.ts turns it into parameterised PostGIS SQL. Positions are 1-based character positions
// in the source parameter (CQL only), used in error messages.

export type StringLiteral = { kind: 'string'; value: string; position?: number };
/** `raw` is the literal as written (e.g. "90", "-1.50"), used when a string column is compared. */
type NumberLiteral = { kind: 'number'; value: number; raw: string; position?: number };
type BooleanLiteral = { kind: 'boolean'; value: boolean; position?: number };
export type Literal = StringLiteral | NumberLiteral | BooleanLiteral;

/** A feature-type attribute (column) by its exact, case-sensitive name. */
export interface AttributeRef {
  kind: 'attribute';
  name: string;
  position?: number;
}

export type Operand = AttributeRef | Literal;

export type ComparisonOperator = '=' | '<>' | '<' | '>' | '<=' | '>=';

/** Longitude/latitude envelope in EPSG:4326 (x = longitude, y = latitude). */
export interface Envelope {
  minx: number;
  miny: number;
  maxx: number;
  maxy: number;
}

export type FilterNode =
  | { type: 'include' }
  | { type: 'exclude' }
  | { type: 'and'; children: FilterNode[] }
  | { type: 'or'; children: FilterNode[] }
  | { type: 'not'; child: FilterNode }
  /** At least one side is an attribute; `matchCase: false` (FES only) compares strings case-insensitively. */
  | { type: 'compare'; op: ComparisonOperator; left: Operand; right: Operand; matchCase?: boolean }
  | { type: 'in'; attribute: AttributeRef; values: Literal[]; negated: boolean }
  /** `pattern` uses SQL wildcards: `%` any run, `_` one character, `\` escapes the next character. */
  | { type: 'like'; attribute: AttributeRef; pattern: string; caseInsensitive: boolean; negated: boolean; position?: number }
  | { type: 'isNull'; attribute: AttributeRef; negated: boolean }
  | { type: 'between'; attribute: AttributeRef; lower: Literal; upper: Literal; negated: boolean }
  /** `attribute` null: the default geometry. The envelope is already lon/lat EPSG:4326. */
  | { type: 'bbox'; attribute: AttributeRef | null; envelope: Envelope }
  /** Point in lon/lat EPSG:4326. */
  | { type: 'intersects'; attribute: AttributeRef | null; point: { x: number; y: number } }
  /** Feature ids as sent (`layer.12`); sql.ts maps them to the id column. */
  | { type: 'resourceId'; ids: string[] };

export type FilterNodeType = FilterNode['type'];
