// Checks an XML document against the OGC schemas as the npm package ogc-schemas holds them: Jsonix
// mappings generated from the official XSDs (no package ships the XSDs themselves). Jsonix ignores
// content its mappings do not know; here its class unmarshalling is replaced by a strict copy that
// reports every element, attribute and text the schema type does not declare, and every element
// taken only by a wildcard (xs:any: application-schema features, which the caller checks itself).
// What the mappings cannot tell: element order, minOccurs/maxOccurs, simple-type facets and
// enumerations, identity constraints.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
type Any = any; // Jsonix ships no types
const { Jsonix } = require('jsonix') as { Jsonix: Any };

/** The mapping modules this helper knows (ogc-schemas, and XSD_1_0/XLink_1_0 of w3c-schemas). */
export type SchemaName =
  | 'WMS_1_1_1'
  | 'WMS_1_3_0'
  | 'WMS_1_3_0_Exceptions'
  | 'WFS_1_0_0'
  | 'WFS_1_1_0'
  | 'WFS_2_0'
  | 'GML_2_1_2'
  | 'GML_3_1_1'
  | 'GML_3_2_1'
  | 'OWS_1_0_0'
  | 'OWS_1_1_0'
  | 'Filter_1_0_0'
  | 'Filter_1_1_0'
  | 'Filter_2_0'
  | 'XSD_1_0';

export interface SchemaReport {
  /** Root element as {namespace}local (no braces without a namespace). */
  root: string;
  /** Elements, attributes and text the schema does not allow where they are, each `path: what`. */
  unknown: string[];
  /** Elements accepted only by an xs:any wildcard (kept as DOM), each as a path. */
  wildcard: string[];
  /** The same elements, to check further (checkDocument accepts an element). */
  wildcardElements: XmlElement[];
  /** The unmarshalled value (Jsonix's {name, value}). */
  value: Any;
}

const W3C = new Set(['XLink_1_0', 'XSD_1_0', 'XHTML_1_0_Strict', 'Atom_1_0', 'WS_Addr_1_0_Core']);
const XMLNS = 'http://www.w3.org/2000/xmlns/';
const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
const START = 1;
const END = 2;

function loadModule(name: string): Any {
  const pkg = W3C.has(name) ? 'w3c-schemas' : 'ogc-schemas';
  return (require(`${pkg}/lib/${name}.js`) as Record<string, Any>)[name];
}

/** The module and all it depends on, each once. */
function withDependencies(name: string, into = new Map<string, Any>()): Map<string, Any> {
  if (into.has(name)) return into;
  const mapping = loadModule(name);
  into.set(name, mapping);
  for (const dep of (mapping.deps ?? []) as string[]) withDependencies(dep, into);
  return into;
}

const contexts = new Map<string, Any>();
function contextOf(names: readonly string[], extra: readonly Any[]): Any {
  const key = names.join('+');
  let context = extra.length === 0 ? contexts.get(key) : undefined;
  if (!context) {
    const modules = new Map<string, Any>();
    for (const n of names) withDependencies(n, modules);
    for (const m of extra) for (const dep of (m.deps ?? []) as string[]) withDependencies(dep, modules);
    context = new Jsonix.Context([...modules.values(), ...extra]);
    if (extra.length === 0) contexts.set(key, context);
  }
  return context;
}

// The report being collected (unmarshalling is synchronous) and the path of open elements.
let current: { unknown: string[]; wildcard: string[]; wildcardElements: XmlElement[]; path: string[] } | undefined;

function qname(ns: string | null | undefined, local: string, prefix?: string | null): string {
  return ns ? `${prefix ? `${prefix}:` : ''}${local}` : local;
}
const here = () => `/${current!.path.join('/')}`;
function report(what: string): void {
  current?.unknown.push(`${here()}: ${what}`);
}
function elementName(input: Any): string {
  const node = input.node as { namespaceURI?: string | null; localName?: string; nodeName: string; prefix?: string | null };
  return qname(node.namespaceURI, node.localName ?? node.nodeName, node.prefix);
}
function isBlank(text: string): boolean {
  return text.trim() === '';
}

/**
 * Jsonix makes every element-reference property its catch-all too: any element some mapping
 * declares would be taken there. Only an xs:any (an any-element property, or an element reference
 * that also allows DOM content, as the mappings write a lax wildcard) may take what the schema
 * type does not name; the substitution group members of a reference are named already.
 */
function isWildcard(property: Any): boolean {
  return property instanceof Jsonix.Model.AnyElementPropertyInfo || property.allowDom === true;
}

/** Jsonix.Model.ClassInfo.prototype.unmarshal (jsonix 3.0.0), reporting what it would skip. */
function strictUnmarshal(this: Any, context: Any, input: Any): Any {
  this.build(context);
  const result = this.instanceFactory ? new this.instanceFactory() : { TYPE_NAME: this.name };
  if (input.eventType !== START) throw new Error('Parser must be on START_ELEMENT to read a class info.');
  current?.path.push(elementName(input));
  const s = this.structure;
  const count: number = input.getAttributeCount();
  for (let i = 0; i < count; i++) {
    const attribute = input.retrieveAttributes()[i] as { namespaceURI?: string | null; nodeName: string };
    // Mappings made from a DTD (WMS 1.1.1) name attributes literally, prefix included: xlink:href.
    const keys = [input.getAttributeNameKey(i) as string, attribute.nodeName];
    const key = keys.find((k) => s.attributes?.[k]);
    if (key) {
      const v = input.getAttributeValue(i);
      if (typeof v === 'string') this.unmarshalPropertyValue(context, input, s.attributes[key], result, v);
    } else if (attribute.namespaceURI === XMLNS || attribute.nodeName === 'xmlns' || attribute.namespaceURI === XSI) {
      // namespace declarations and xsi:schemaLocation/type/nil are not part of the schema's types
    } else if (!s.anyAttribute) {
      report(`attribute @${attribute.nodeName}`);
    }
  }
  if (s.anyAttribute) this.unmarshalProperty(context, input, s.anyAttribute, result);
  if (s.elements || !s.value) {
    let et = input.next();
    while (et !== END) {
      if (et === START) {
        const key: string = input.getNameKey();
        if (s.elements?.[key]) this.unmarshalProperty(context, input, s.elements[key], result);
        else if (s.any && isWildcard(s.any)) this.unmarshalProperty(context, input, s.any, result);
        else {
          report(`element <${elementName(input)}>`);
          input.skipElement();
        }
      } else if (et === Jsonix.XML.Input.CHARACTERS || et === Jsonix.XML.Input.CDATA || et === Jsonix.XML.Input.ENTITY_REFERENCE) {
        if (s.mixed) this.unmarshalProperty(context, input, s.mixed, result);
        else if (!isBlank(String(input.getText()))) report(`text "${String(input.getText()).trim().slice(0, 40)}"`);
      }
      et = input.next();
    }
  } else {
    this.unmarshalProperty(context, input, s.value, result);
  }
  if (input.eventType !== END) throw new Error('Illegal state: must be END_ELEMENT.');
  current?.path.pop();
  return result;
}

const originalGetElement = Jsonix.XML.Input.prototype.getElement as (this: Any) => Any;
function recordingGetElement(this: Any): Any {
  if (current && this.eventType === START) {
    current.wildcard.push(`${here()}/${elementName(this)}`);
    current.wildcardElements.push(this.node as XmlElement);
  }
  return originalGetElement.call(this);
}

/** A DOM element (xmldom), as the wildcard content of a report holds it. */
export type XmlElement = { namespaceURI: string | null; localName: string; childNodes: ArrayLike<XmlElement>; nodeType: number };

/** Parses `xml`, throwing on any well-formedness error. */
export function parseXml(xml: string): XmlElement {
  const errors: string[] = [];
  const parser = new (require('xmldom') as Any).DOMParser({
    errorHandler: { warning: () => {}, error: (m: string) => errors.push(m), fatalError: (m: string) => errors.push(m) },
  });
  const doc = parser.parseFromString(xml, 'application/xml');
  if (errors.length > 0 || !doc?.documentElement) throw new Error(`not well-formed XML: ${errors.join('; ')}`);
  return doc.documentElement as XmlElement;
}

/**
 * Unmarshals `xml` (text, or an element of a parsed document) with the mappings of `schemas` (and
 * their dependencies) plus `extra` mapping modules (an application schema: appSchema.ts), strictly.
 * Throws when the document is not well-formed or a value does not parse as its type.
 */
export function checkDocument(xml: string | XmlElement, schemas: readonly SchemaName[], extra: readonly Any[] = []): SchemaReport {
  const context = contextOf(schemas, extra);
  const root = typeof xml === 'string' ? parseXml(xml) : xml;
  const rootName = root.namespaceURI ? `{${root.namespaceURI}}${root.localName}` : root.localName;
  const classInfo = Jsonix.Model.ClassInfo.prototype;
  const inputProto = Jsonix.XML.Input.prototype;
  const saved = classInfo.unmarshal;
  classInfo.unmarshal = strictUnmarshal;
  inputProto.getElement = recordingGetElement;
  current = { unknown: [], wildcard: [], wildcardElements: [], path: [] };
  try {
    const value = context.createUnmarshaller().unmarshalDocument(root);
    const { unknown, wildcard, wildcardElements } = current;
    return { root: rootName, unknown, wildcard, wildcardElements, value };
  } catch (e) {
    // An element reference (a substitution group) meeting an element no mapping declares: reported
    // like any unknown element, but Jsonix stops there.
    const refused = /^Element \[\{[^}]*\}([^\]]+)\] could not be unmarshalled as is not known in this context/.exec((e as Error).message);
    if (!refused) throw new Error(`${(e as Error).message} (at ${here()})`);
    const { unknown, wildcard, wildcardElements } = current!;
    unknown.push(`${here()}: element <${refused[1]}> (unmarshalling stopped)`);
    return { root: rootName, unknown, wildcard, wildcardElements, value: undefined };
  } finally {
    classInfo.unmarshal = saved;
    inputProto.getElement = originalGetElement;
    current = undefined;
  }
}

/** The element children of `element`. */
export function elementChildren(element: XmlElement): XmlElement[] {
  return Array.from(element.childNodes).filter((c) => c.nodeType === 1);
}
