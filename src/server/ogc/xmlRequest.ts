// WFS requests in their XML encoding (an HTTP POST body: WFS 2.0, 1.1.0 and 1.0.0): GetCapabilities,
// DescribeFeatureType, GetFeature, GetPropertyValue, ListStoredQueries and DescribeStoredQueries
// become the KVP parameters of the same request, so both encodings take one path (each Query's
// Filter is passed on as written, as a KVP FILTER is). The body is read by the small
// non-validating reader of filter/xml.ts: no DTD, no entities, capped size, depth and elements.
// Elements are matched by local name and attributes by lower-case local name (OWSLib writes
// `typenames`, `outputformat`); only the root's namespace is checked.

import { OgcError } from './exception.ts';
import { parseXml, type XmlElement } from './filter/xml.ts';

const WFS2 = 'http://www.opengis.net/wfs/2.0';
const WFS1 = 'http://www.opengis.net/wfs';
const MAX_DEPTH = 64;
const MAX_ELEMENTS = 20_000;

/** Root attributes of GetFeature and GetPropertyValue and the KVP parameter each one is. */
const FEATURE_ATTRIBUTES: ReadonlyArray<[string, string]> = [
  ['count', 'COUNT'],
  ['maxfeatures', 'MAXFEATURES'],
  ['startindex', 'STARTINDEX'],
  ['resulttype', 'RESULTTYPE'],
  ['outputformat', 'OUTPUTFORMAT'],
  ['resolve', 'RESOLVE'],
  ['resolvedepth', 'RESOLVEDEPTH'],
  ['resolvetimeout', 'RESOLVETIMEOUT'],
  ['valuereference', 'VALUEREFERENCE'],
];

function attributesOf(el: XmlElement): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, value] of el.attributes) {
    if (name === 'xmlns' || name.startsWith('xmlns:')) continue;
    out.set(name.slice(name.indexOf(':') + 1).toLowerCase(), value);
  }
  return out;
}

const childrenNamed = (el: XmlElement, ...locals: string[]) => el.children.filter((c) => locals.includes(c.local));
const textOf = (el: XmlElement) => el.text.trim();

class XmlRequest {
  readonly params = new URLSearchParams();

  constructor(private readonly src: string) {}

  set(name: string, value: string | undefined): void {
    if (value === undefined || value === '') return;
    if (this.params.has(name)) throw new OgcError('InvalidParameterValue', `${name} is given more than once`, name);
    this.params.set(name, value);
  }

  /** One value per Query: plain for one query, `(a)(b)` for several (as KVP writes them). */
  setPerQuery(name: string, values: readonly string[], empty = ''): void {
    if (values.every((v) => v === '')) return;
    this.set(name, values.length === 1 ? values[0] : values.map((v) => `(${v === '' ? empty : v})`).join(''));
  }

  features(root: XmlElement, attributes: Map<string, string>): void {
    for (const [attribute, name] of FEATURE_ATTRIBUTES) this.set(name, attributes.get(attribute));
    const stored = childrenNamed(root, 'StoredQuery');
    const queries = childrenNamed(root, 'Query');
    if (stored.length + queries.length === 0) throw new OgcError('MissingParameterValue', `<${root.local}> needs a Query or a StoredQuery`, 'Query');
    if (stored.length > 1 || (stored.length === 1 && queries.length > 0)) throw new OgcError('InvalidParameterValue', 'give one StoredQuery, or Query elements', 'StoredQuery');
    if (stored[0]) return this.storedQuery(stored[0]);
    const types: string[] = [];
    const srsNames = new Set<string>();
    const properties: string[] = [];
    const filters: string[] = [];
    const sorts: string[] = [];
    for (const query of queries) {
      const a = attributesOf(query);
      const typeNames = (a.get('typenames') ?? a.get('typename') ?? '').trim();
      if (typeNames === '') throw new OgcError('MissingParameterValue', '<Query> needs typeNames', 'typeNames');
      if (/[\s,]/.test(typeNames)) throw new OgcError('InvalidParameterValue', 'one type name per Query (joins are not served)', 'typeNames');
      types.push(typeNames);
      const srsName = a.get('srsname')?.trim();
      if (srsName) srsNames.add(srsName);
      const props: string[] = [];
      const filter: string[] = [];
      let sort = '';
      for (const child of query.children) {
        if (child.local === 'PropertyName') props.push(textOf(child));
        else if (child.local === 'Filter') filter.push(this.src.slice(child.position - 1, child.end));
        else if (child.local === 'SortBy') sort = sortBy(child);
        else throw new OgcError('InvalidParameterValue', `<${child.name}> in a Query is not served`, 'Query');
      }
      if (filter.length > 1) throw new OgcError('InvalidParameterValue', 'one Filter per Query', 'Filter');
      properties.push(props.join(','));
      filters.push(filter[0] ?? '');
      sorts.push(sort);
    }
    if (srsNames.size > 1) throw new OgcError('InvalidParameterValue', 'every Query must ask for the same srsName', 'srsName');
    this.set('TYPENAMES', types.join(','));
    this.set('SRSNAME', [...srsNames][0]);
    this.setPerQuery('PROPERTYNAME', properties, '*');
    this.setPerQuery('FILTER', filters);
    this.setPerQuery('SORTBY', sorts);
  }

  /** A WFS 2.0 StoredQuery: its id and each Parameter as a KVP parameter (GetFeatureById: ID). */
  storedQuery(stored: XmlElement): void {
    this.set('STOREDQUERY_ID', attributesOf(stored).get('id'));
    for (const parameter of childrenNamed(stored, 'Parameter')) {
      const name = (attributesOf(parameter).get('name') ?? '').trim().toUpperCase();
      if (!/^[A-Z_][A-Z0-9_.-]{0,63}$/.test(name)) throw new OgcError('InvalidParameterValue', 'a stored query Parameter needs a name', 'Parameter');
      this.set(name, textOf(parameter));
    }
  }
}

/** fes:SortBy / ogc:SortBy as a KVP SORTBY value: `name [ASC|DESC],...`. */
function sortBy(el: XmlElement): string {
  return childrenNamed(el, 'SortProperty')
    .map((p) => {
      const name = childrenNamed(p, 'ValueReference', 'PropertyName').map(textOf)[0] ?? '';
      const order = childrenNamed(p, 'SortOrder').map(textOf)[0] ?? '';
      return `${name}${order ? ` ${order}` : ''}`;
    })
    .join(',');
}

/** True when a POST body of this Content-Type is an XML request (a missing type and a body starting with "<" count too). */
export function isXmlBody(contentType: string, body: string): boolean {
  if (/^\s*(text|application)\/([\w.-]+\+)?xml\s*(;|$)/i.test(contentType)) return true;
  return contentType.trim() === '' && body.trimStart().startsWith('<');
}

/** The KVP parameters of a WFS XML request body. */
export function xmlRequestParams(body: string, maxBytes: number): URLSearchParams {
  const root = parseXml(body, { locator: 'request body', maxBytes, maxDepth: MAX_DEPTH, maxElements: MAX_ELEMENTS });
  const namespace = root.attributes.get(root.prefix ? `xmlns:${root.prefix}` : 'xmlns');
  if (namespace !== WFS2 && namespace !== WFS1) {
    throw new OgcError('OperationNotSupported', `XML requests are WFS requests in ${WFS2} or ${WFS1}; <${root.name.slice(0, 60)}> is not`, 'request body');
  }
  const a = attributesOf(root);
  const request = new XmlRequest(body);
  request.set('SERVICE', a.get('service') ?? 'WFS');
  request.set('REQUEST', root.local);
  request.set('VERSION', a.get('version') ?? (namespace === WFS2 && root.local !== 'GetCapabilities' ? '2.0.0' : undefined));
  switch (root.local) {
    case 'GetCapabilities':
      request.set('ACCEPTVERSIONS', childrenNamed(root, 'AcceptVersions').flatMap((v) => childrenNamed(v, 'Version').map(textOf)).join(','));
      break;
    case 'DescribeFeatureType':
      request.set('TYPENAMES', childrenNamed(root, 'TypeName').map(textOf).join(','));
      request.set('OUTPUTFORMAT', a.get('outputformat'));
      break;
    case 'GetFeature':
    case 'GetPropertyValue':
      request.features(root, a);
      break;
    case 'DescribeStoredQueries':
      request.set('STOREDQUERY_ID', childrenNamed(root, 'StoredQueryId').map(textOf).join(','));
      break;
    // ListStoredQueries has no parameters; any other operation is refused by the dispatcher
  }
  return request.params;
}
