// A Jsonix mapping module made from a WFS DescribeFeatureType answer (an XML Schema of feature
// types extending gml:AbstractFeatureType), so that GetFeature documents can be checked whole by
// ogcSchemas.ts: the wfs:FeatureCollection from the WFS mapping, each feature from this one (its
// properties, their simple types and the GML property type of its geometry) and the geometry from
// the GML mapping. Only what the server's schemas use is supported; anything else throws.
import { createRequire } from 'node:module';
import type { SchemaName } from './ogcSchemas.ts';

const require = createRequire(import.meta.url);
type Node = {
  nodeType: number;
  localName: string;
  namespaceURI: string | null;
  childNodes: ArrayLike<Node>;
  getAttribute(name: string): string;
  hasAttribute(name: string): boolean;
  lookupNamespaceURI(prefix: string | null): string | null;
};
const XSD = 'http://www.w3.org/2001/XMLSchema';
const GML_NS: Partial<Record<SchemaName, string>> = {
  GML_2_1_2: 'http://www.opengis.net/gml',
  GML_3_1_1: 'http://www.opengis.net/gml',
  GML_3_2_1: 'http://www.opengis.net/gml/3.2',
};
const SIMPLE: Record<string, string> = { string: 'String', int: 'Int', double: 'Double', date: 'Date', dateTime: 'DateTime', boolean: 'Boolean', long: 'Long', decimal: 'Decimal' };

function children(node: Node, localName: string): Node[] {
  return Array.from(node.childNodes).filter((c) => c.nodeType === 1 && c.namespaceURI === XSD && c.localName === localName);
}
function only(node: Node, localName: string): Node {
  const found = children(node, localName);
  if (found.length !== 1) throw new Error(`expected one xsd:${localName} in xsd:${node.localName}, found ${found.length}`);
  return found[0]!;
}
function resolve(node: Node, qname: string): { ns: string; lp: string } {
  const [prefix, lp] = qname.includes(':') ? (qname.split(':') as [string, string]) : [null, qname];
  const ns = node.lookupNamespaceURI(prefix);
  if (!ns) throw new Error(`prefix of ${qname} not declared`);
  return { ns, lp };
}

let serial = 0;

/** The Jsonix module of the feature types in `xsd`, against the GML mapping `gml`. */
export function appSchemaModule(xsd: string, gml: 'GML_2_1_2' | 'GML_3_1_1' | 'GML_3_2_1'): Record<string, unknown> {
  const gmlNs = GML_NS[gml]!;
  const gmlModule = (require(`ogc-schemas/lib/${gml}.js`) as Record<string, { eis: { en: string }[] }>)[gml]!;
  const gmlElements = new Set(gmlModule.eis.map((e) => e.en));
  const doc = new (require('xmldom') as { DOMParser: new () => { parseFromString(s: string, t: string): { documentElement: Node } } }).DOMParser().parseFromString(xsd, 'application/xml');
  const schema = doc.documentElement;
  if (schema.namespaceURI !== XSD || schema.localName !== 'schema') throw new Error('not an XML Schema');
  if (schema.getAttribute('elementFormDefault') !== 'qualified') throw new Error('elementFormDefault must be qualified');
  const target = schema.getAttribute('targetNamespace');
  const typeRef = (node: Node, qname: string): string => {
    const { ns, lp } = resolve(node, qname);
    if (ns === XSD && SIMPLE[lp]) return SIMPLE[lp];
    if (ns === gmlNs) return `${gml}.${lp}`;
    if (ns === target) return `.${lp}`;
    throw new Error(`type ${qname} ({${ns}}${lp}) is neither XSD, ${gml} nor the target namespace`);
  };
  const tis = children(schema, 'complexType').map((type) => {
    const extension = only(only(type, 'complexContent'), 'extension');
    const base = resolve(extension, extension.getAttribute('base'));
    if (base.ns !== gmlNs || base.lp !== 'AbstractFeatureType') throw new Error(`${type.getAttribute('name')} does not extend gml:AbstractFeatureType`);
    const ps = children(only(extension, 'sequence'), 'element').map((el) => {
      const name = el.getAttribute('name');
      const max = el.getAttribute('maxOccurs');
      return { n: `p_${name}`, en: name, ti: typeRef(el, el.getAttribute('type')), ...(max === 'unbounded' ? { col: true } : {}) };
    });
    return { ln: type.getAttribute('name'), bti: `${gml}.AbstractFeatureType`, ps };
  });
  const eis = children(schema, 'element').map((el) => {
    const head = resolve(el, el.getAttribute('substitutionGroup'));
    if (head.ns !== gmlNs || !gmlElements.has(head.lp)) throw new Error(`substitution group ${head.lp} is not an element of ${gml}`);
    return { en: el.getAttribute('name'), ti: typeRef(el, el.getAttribute('type')), sh: head };
  });
  if (tis.length === 0 || eis.length === 0) throw new Error('no feature type in the schema');
  return { n: `APP_${++serial}`, dens: target, deps: [gml], tis, eis };
}
