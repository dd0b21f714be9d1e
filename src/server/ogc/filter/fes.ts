// FES 2.0 / OGC Filter 1.0-1.1 XML (the WFS FILTER= parameter) -> the same AST as CQL, so toSql
// serves both. DESIGN.md §6: GDAL's ogrinfo sends spatial filters as a FES 2.0 document, e.g.
//   <Filter xmlns="http://www.opengis.net/fes/2.0" xmlns:gml="http://www.opengis.net/gml/3.2">
//     <BBOX><ValueReference>ns:geom</ValueReference><gml:Envelope [srsName=...]>
//       <gml:lowerCorner>a b</gml:lowerCorner><gml:upperCorner>c d</gml:upperCorner>
//     </gml:Envelope></BBOX></Filter>
// Axis order follows srsName (crs.ts): EPSG URNs lat/lon, CRS84 and short EPSG:4326 lon/lat; an
// envelope without srsName is in the layer's advertised CRS (options.defaultCrs, CRS84).
// Elements are matched by local name; anything not listed below is refused, as are DTDs and
// entities (xml.ts) and documents over 64 KB.
import type { AttributeRef, ComparisonOperator, Envelope, FilterNode, Operand, StringLiteral } from './ast.ts';
import { parseDecimal, requireCrs, toLonLatEnvelope, toLonLatPoint, type CrsInfo } from './crs.ts';
import { FilterError, describeText } from './errors.ts';
import { parseXml, type XmlElement } from './xml.ts';

export const FES_MAX_BYTES = 64 * 1024;
const FES_MAX_DEPTH = 32;
const FES_MAX_ELEMENTS = 2000;

export interface FesParseOptions {
  /** Parameter name in error messages. Default 'FILTER'. */
  locator?: string;
  /** CRS of envelopes and points without srsName. Default CRS84 (lon/lat), as advertised. */
  defaultCrs?: string;
}

const COMPARISONS: Readonly<Record<string, ComparisonOperator>> = {
  PropertyIsEqualTo: '=',
  PropertyIsNotEqualTo: '<>',
  PropertyIsLessThan: '<',
  PropertyIsGreaterThan: '>',
  PropertyIsLessThanOrEqualTo: '<=',
  PropertyIsGreaterThanOrEqualTo: '>=',
};
const ID_ELEMENTS = new Set(['ResourceId', 'FeatureId', 'GmlObjectId']);
const PROPERTY_ELEMENTS = new Set(['ValueReference', 'PropertyName']);
const UNSUPPORTED_EXPRESSIONS = new Set(['Function', 'Add', 'Sub', 'Mul', 'Div']);

class FesConverter {
  constructor(
    private readonly locator: string,
    private readonly defaultCrs: string,
  ) {}

  private fail(detail: string, el?: XmlElement): never {
    throw new FilterError(this.locator, detail, el?.position);
  }

  private noText(el: XmlElement): void {
    if (el.text.trim() !== '') this.fail(`unexpected text "${describeText(el.text.trim())}" inside <${el.name}>`, el);
  }

  private leaf(el: XmlElement): string {
    if (el.children.length > 0) this.fail(`<${el.name}> must not contain elements (found <${el.children[0]?.name}>)`, el.children[0]);
    return el.text;
  }

  private onlyChildren(el: XmlElement, count: number, what: string): XmlElement[] {
    this.noText(el);
    if (el.children.length !== count) this.fail(`<${el.name}> needs ${what}, found ${el.children.length} element(s)`, el);
    return el.children;
  }

  private matchCase(el: XmlElement): boolean {
    const v = el.attributes.get('matchCase');
    if (v === undefined) return true;
    if (/^(true|1)$/i.test(v.trim())) return true;
    if (/^(false|0)$/i.test(v.trim())) return false;
    this.fail(`matchCase must be true or false, found "${describeText(v)}"`, el);
  }

  filter(root: XmlElement): FilterNode {
    if (root.local !== 'Filter') this.fail(`the root element must be <Filter>, found <${root.name}>`, root);
    this.noText(root);
    if (root.children.length === 0) this.fail('empty <Filter>', root);
    const ids = root.children.filter((c) => ID_ELEMENTS.has(c.local));
    if (ids.length > 0) {
      if (ids.length !== root.children.length) this.fail('resource ids cannot be mixed with other operators in one <Filter>', root);
      return { type: 'resourceId', ids: ids.map((el) => this.resourceId(el)) };
    }
    if (root.children.length > 1) this.fail('<Filter> holds one operator; combine several with <And> or <Or>', root.children[1]);
    return this.operator(root.children[0] as XmlElement);
  }

  private resourceId(el: XmlElement): string {
    this.leaf(el);
    this.noText(el);
    const attr = el.local === 'ResourceId' ? 'rid' : el.local === 'FeatureId' ? 'fid' : undefined;
    let id = attr ? el.attributes.get(attr) : undefined;
    if (id === undefined) {
      for (const [name, value] of el.attributes) if (name === 'id' || name.endsWith(':id')) id = value;
    }
    if (id === undefined || id.trim() === '') this.fail(`<${el.name}> needs an id attribute`, el);
    return id.trim();
  }

  private operator(el: XmlElement): FilterNode {
    const local = el.local;
    if (local === 'And' || local === 'Or') {
      this.noText(el);
      if (el.children.length === 0) this.fail(`<${el.name}> needs at least one operator`, el);
      const children = el.children.map((c) => this.operator(c));
      return children.length === 1 ? (children[0] as FilterNode) : { type: local === 'And' ? 'and' : 'or', children };
    }
    if (local === 'Not') {
      const [child] = this.onlyChildren(el, 1, 'exactly one operator');
      return { type: 'not', child: this.operator(child as XmlElement) };
    }
    const op = Object.hasOwn(COMPARISONS, local) ? COMPARISONS[local] : undefined;
    if (op) {
      const [a, b] = this.onlyChildren(el, 2, 'two expressions (ValueReference or Literal)');
      const left = this.expression(a as XmlElement);
      const right = this.expression(b as XmlElement);
      if (left.kind !== 'attribute' && right.kind !== 'attribute') this.fail(`<${el.name}> needs a ValueReference on at least one side`, el);
      const matchCase = this.matchCase(el);
      return matchCase ? { type: 'compare', op, left, right } : { type: 'compare', op, left, right, matchCase: false };
    }
    switch (local) {
      case 'PropertyIsLike':
        return this.like(el);
      // A database NULL is how a nillable property of ours is nil (no nilReason is stored), as GeoServer reads it.
      case 'PropertyIsNull':
      case 'PropertyIsNil': {
        const [prop] = this.onlyChildren(el, 1, 'one ValueReference');
        return { type: 'isNull', attribute: this.property(prop as XmlElement), negated: false };
      }
      case 'PropertyIsBetween':
        return this.between(el);
      case 'BBOX':
        return this.bbox(el);
      case 'Intersects':
        return this.intersects(el);
    }
    if (ID_ELEMENTS.has(local)) this.fail(`<${el.name}> is only allowed directly inside <Filter>`, el);
    this.fail(`unsupported filter element <${el.name}>`, el);
  }

  private expression(el: XmlElement): Operand {
    if (PROPERTY_ELEMENTS.has(el.local)) return this.property(el);
    if (el.local === 'Literal') return this.literal(el);
    if (UNSUPPORTED_EXPRESSIONS.has(el.local)) this.fail(`<${el.name}> is not supported (only ValueReference, PropertyName and Literal)`, el);
    this.fail(`unsupported expression element <${el.name}>`, el);
  }

  private literal(el: XmlElement): StringLiteral {
    if (el.local !== 'Literal') this.fail(`expected <Literal>, found <${el.name}>`, el);
    if (el.children.length > 0) this.fail('<Literal> with child elements (geometry literals) is not supported', el);
    return { kind: 'string', value: el.text, position: el.position };
  }

  private property(el: XmlElement): AttributeRef {
    if (!PROPERTY_ELEMENTS.has(el.local)) this.fail(`expected <ValueReference> or <PropertyName>, found <${el.name}>`, el);
    const text = this.leaf(el).trim();
    // A single namespace prefix (GDAL sends "ns:geom") is dropped; paths and predicates are not supported.
    const name = text.replace(/^[A-Za-z_][A-Za-z0-9_.-]*:/, '');
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) this.fail(`unsupported property reference "${describeText(text)}"`, el);
    return { kind: 'attribute', name, position: el.position };
  }

  private like(el: XmlElement): FilterNode {
    const [propEl, litEl] = this.onlyChildren(el, 2, 'a ValueReference and a Literal');
    const attribute = this.property(propEl as XmlElement);
    const literal = this.literal(litEl as XmlElement);
    const single = (names: string[], fallback: string): string => {
      for (const n of names) {
        const v = el.attributes.get(n);
        if (v !== undefined) {
          if ([...v].length !== 1) this.fail(`${n} must be a single character, found "${describeText(v)}"`, el);
          return v;
        }
      }
      return fallback;
    };
    const wild = single(['wildCard'], '*');
    const one = single(['singleChar'], '.');
    const esc = single(['escapeChar', 'escape'], '\\');
    if (wild === one || wild === esc || one === esc) this.fail('wildCard, singleChar and escapeChar must be different characters', el);
    let pattern = '';
    const chars = [...literal.value];
    for (let k = 0; k < chars.length; k++) {
      const c = chars[k] as string;
      if (c === esc) {
        const next = chars[++k];
        if (next === undefined) this.fail('PropertyIsLike pattern ends with the escape character', litEl);
        pattern += next === '%' || next === '_' || next === '\\' ? `\\${next}` : next;
      } else if (c === wild) pattern += '%';
      else if (c === one) pattern += '_';
      else if (c === '%' || c === '_' || c === '\\') pattern += `\\${c}`;
      else pattern += c;
    }
    return { type: 'like', attribute, pattern, caseInsensitive: !this.matchCase(el), negated: false, position: litEl?.position };
  }

  private between(el: XmlElement): FilterNode {
    const [propEl, lowEl, highEl] = this.onlyChildren(el, 3, 'a ValueReference, a LowerBoundary and an UpperBoundary');
    const attribute = this.property(propEl as XmlElement);
    const bound = (b: XmlElement, name: string) => {
      if (b.local !== name) this.fail(`expected <${name}>, found <${b.name}>`, b);
      const [lit] = this.onlyChildren(b, 1, 'one Literal');
      return this.literal(lit as XmlElement);
    };
    return { type: 'between', attribute, lower: bound(lowEl as XmlElement, 'LowerBoundary'), upper: bound(highEl as XmlElement, 'UpperBoundary'), negated: false };
  }

  /** Optional leading ValueReference, then exactly one geometry element. */
  private spatialArgs(el: XmlElement): { attribute: AttributeRef | null; geometry: XmlElement } {
    this.noText(el);
    const kids = el.children;
    const first = kids[0];
    if (first && PROPERTY_ELEMENTS.has(first.local)) {
      if (kids.length !== 2) this.fail(`<${el.name}> needs a ValueReference and one geometry`, el);
      return { attribute: this.property(first), geometry: kids[1] as XmlElement };
    }
    if (kids.length !== 1 || !first) this.fail(`<${el.name}> needs one geometry`, el);
    return { attribute: null, geometry: first };
  }

  private bbox(el: XmlElement): FilterNode {
    const { attribute, geometry } = this.spatialArgs(el);
    return { type: 'bbox', attribute, envelope: this.envelope(geometry) };
  }

  private intersects(el: XmlElement): FilterNode {
    const { attribute, geometry } = this.spatialArgs(el);
    if (geometry.local === 'Envelope' || geometry.local === 'Box') return { type: 'bbox', attribute, envelope: this.envelope(geometry) };
    if (geometry.local === 'Point') return { type: 'intersects', attribute, point: this.point(geometry) };
    this.fail(`unsupported geometry <${geometry.name}> in <${el.name}> (use Envelope or Point)`, geometry);
  }

  private crsOf(el: XmlElement): CrsInfo {
    const srs = el.attributes.get('srsName') ?? this.defaultCrs;
    try {
      return requireCrs(srs, this.locator);
    } catch (e) {
      if (e instanceof FilterError) this.fail(e.detail, el);
      throw e;
    }
  }

  private numbers(el: XmlElement, text: string, count: number, separator: RegExp): number[] {
    const parts = text.trim().split(separator);
    const values = parts.map((p) => parseDecimal(p));
    if (parts.length !== count || values.some((v) => v === undefined)) {
      this.fail(`<${el.name}> needs ${count} numbers, found "${describeText(text.trim())}"`, el);
    }
    return values as number[];
  }

  private coordinates(el: XmlElement): number[] {
    for (const [attr, dflt] of [['cs', ','], ['ts', ' '], ['decimal', '.']] as const) {
      const v = el.attributes.get(attr);
      if (v !== undefined && v !== dflt) this.fail(`<${el.name}> ${attr}="${describeText(v)}" is not supported`, el);
    }
    return this.leaf(el)
      .trim()
      .split(/\s+/)
      .flatMap((tuple) => this.numbers(el, tuple, 2, /,/));
  }

  private envelope(el: XmlElement): Envelope {
    const crs = this.crsOf(el);
    this.noText(el);
    const names = el.children.map((c) => c.local).join(',');
    let coords: number[];
    if (el.local === 'Envelope' && names === 'lowerCorner,upperCorner') {
      coords = el.children.flatMap((c) => this.numbers(c, this.leaf(c), 2, /\s+/));
    } else if (el.local === 'Envelope' && names === 'pos,pos') {
      coords = el.children.flatMap((c) => this.numbers(c, this.leaf(c), 2, /\s+/));
    } else if (names === 'coordinates') {
      coords = this.coordinates(el.children[0] as XmlElement);
      if (coords.length !== 4) this.fail(`<${el.name}> needs two coordinate tuples`, el);
    } else {
      this.fail(`<${el.name}> needs lowerCorner and upperCorner${el.local === 'Box' ? ' (or coordinates)' : ''}, found ${names ? `<${names}>` : 'nothing'}`, el);
    }
    try {
      return toLonLatEnvelope(coords as [number, number, number, number], crs, this.locator).lonLat;
    } catch (e) {
      if (e instanceof FilterError) this.fail(`<${el.name}>: ${e.detail}`, el);
      throw e;
    }
  }

  private point(el: XmlElement): { x: number; y: number } {
    const crs = this.crsOf(el);
    this.noText(el);
    const [child] = this.onlyChildren(el, 1, 'one pos or coordinates');
    const c = child as XmlElement;
    let xy: number[];
    if (c.local === 'pos') xy = this.numbers(c, this.leaf(c), 2, /\s+/);
    else if (c.local === 'coordinates') {
      xy = this.coordinates(c);
      if (xy.length !== 2) this.fail('<Point> needs one coordinate tuple', c);
    } else this.fail(`unsupported <${c.name}> in <Point>`, c);
    try {
      return toLonLatPoint(xy[0] as number, xy[1] as number, crs, this.locator);
    } catch (e) {
      if (e instanceof FilterError) this.fail(`<${el.name}>: ${e.detail}`, el);
      throw e;
    }
  }
}

/**
 * Parses a FES 2.0 / Filter 1.1 / Filter 1.0 document (the FILTER parameter, one feature type)
 * into the filter AST. A single pair of wrapping parentheses (the KVP list form) is accepted.
 */
export function parseFes(xml: string, options: FesParseOptions = {}): FilterNode {
  const locator = options.locator ?? 'FILTER';
  if (xml.length > FES_MAX_BYTES || Buffer.byteLength(xml, 'utf8') > FES_MAX_BYTES) {
    throw new FilterError(locator, `document larger than ${FES_MAX_BYTES} bytes`);
  }
  let text = xml.trim();
  if (text === '') throw new FilterError(locator, 'empty filter');
  if (text.startsWith('(') && text.endsWith(')')) text = text.slice(1, -1).trim();
  const root = parseXml(text, { locator, maxBytes: FES_MAX_BYTES, maxDepth: FES_MAX_DEPTH, maxElements: FES_MAX_ELEMENTS });
  return new FesConverter(locator, options.defaultCrs ?? 'CRS84').filter(root);
}
