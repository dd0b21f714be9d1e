// WFS 2.0.0, 1.1.0 and 1.0.0: GetCapabilities, DescribeFeatureType (XSD) and GetFeature with
// GeoServer-shaped GeoJSON (totalFeatures, numberMatched, numberReturned, timeStamp, crs) built
// in the database, RESULTTYPE=hits, paging, sorting, property selection and the filters
// CQL_FILTER, BBOX, FES FILTER, RESOURCEID/FEATUREID and viewparams.

import { createHash } from 'node:crypto';
import type { Attribute, FeatureType, VectorFeatureType } from '../data/featureTypes.ts';
import { OgcError } from './exception.ts';
import { xmlEscape, xmlSafe } from './xml.ts';
import { andFilters, bboxFilter, parseBbox, parseCql, parseFes, resolveCrs, type FilterNode } from './filter/index.ts';
import { allowedPrefixes, attributeNamed, qualifiedName } from './layers.ts';
import { viewparamsPerLayer } from './params.ts';
import { queryCount, queryFeaturePage, selectLayer, type GmlVersion, type SortKey } from './query.ts';
import type { OgcRequest, OgcService } from './service.ts';
import { DEFAULT_EXTENT } from './wms.ts';

export const DEFAULT_COUNT = 1000;
export const MAX_COUNT = 10_000;
export const MAX_START_INDEX = 1_000_000;
export const CRS84 = 'urn:ogc:def:crs:OGC:1.3:CRS84';
const JSON_FORMATS = new Set(['application/json', 'json', 'geojson', 'application/geo+json', 'application/json; subtype=geojson', 'application/vnd.geo+json']);
const JSON_TYPE = 'application/json; charset=utf-8';

export async function wfsRequest(svc: OgcService, r: OgcRequest): Promise<void> {
  switch (r.request) {
    case 'getcapabilities':
      return capabilities(svc, r);
    case 'describefeaturetype':
      return describeFeatureType(svc, r);
    case 'getfeature':
      return getFeature(svc, r);
  }
  throw new OgcError('OperationNotSupported', `WFS has no operation ${r.request}`, 'REQUEST');
}

function namespaceUri(svc: OgcService): string {
  return `http://${svc.product}`;
}

// ------------------------------------------------------------------ GetCapabilities

async function capabilities(svc: OgcService, r: OgcRequest): Promise<void> {
  await svc.sendDocument(r, `wfs-caps|${r.version}|${r.endpointUrl}`, 'application/xml; charset=utf-8', async () => {
    const extents = await svc.extents();
    return r.version === '1.0.0' ? capabilities10(svc, r, extents) : capabilities1120(svc, r, extents);
  });
}

const fmt = (n: number) => String(Math.round(n * 1e6) / 1e6);

function extentOf(ft: FeatureType, extents: Map<string, [number, number, number, number]>): [number, number, number, number] {
  return extents.get(ft.kind === 'vector' ? ft.table : ft.landTable) ?? DEFAULT_EXTENT;
}

function vectorLayers(svc: OgcService): VectorFeatureType[] {
  return svc.layers().filter((ft): ft is VectorFeatureType => ft.kind === 'vector');
}

const JSON_OUTPUT_FORMATS = ['application/json', 'json', 'geojson'];
function outputFormats(version: string): string[] {
  if (version === '2.0.0') return ['application/gml+xml; version=3.2', 'text/xml; subtype=gml/3.2', ...JSON_OUTPUT_FORMATS];
  return ['text/xml; subtype=gml/3.1.1', 'GML2', ...JSON_OUTPUT_FORMATS];
}

function capabilities1120(svc: OgcService, r: OgcRequest, extents: Map<string, [number, number, number, number]>): string {
  const v2 = r.version === '2.0.0';
  const ns = svc.product;
  const url = xmlEscape(`${r.endpointUrl}?`);
  const dcp = `<ows:DCP><ows:HTTP><ows:Get xlink:href="${url}"/><ows:Post xlink:href="${url}"/></ows:HTTP></ows:DCP>`;
  const values = (list: readonly string[]) =>
    v2 ? `<ows:AllowedValues>${list.map((v) => `<ows:Value>${xmlEscape(v)}</ows:Value>`).join('')}</ows:AllowedValues>` : list.map((v) => `<ows:Value>${xmlEscape(v)}</ows:Value>`).join('');
  const param = (name: string, list: readonly string[]) => `<ows:Parameter name="${name}">${values(list)}</ows:Parameter>`;
  const constraint = (name: string, value: string) =>
    `<ows:Constraint name="${name}">${v2 ? '<ows:NoValues/>' : ''}<ows:DefaultValue>${value}</ows:DefaultValue></ows:Constraint>`;
  const gmlDft = v2 ? 'text/xml; subtype=gml/3.2' : 'text/xml; subtype=gml/3.1.1';
  const operations =
    `<ows:OperationsMetadata>` +
    `<ows:Operation name="GetCapabilities">${dcp}${param('AcceptVersions', ['2.0.0', '1.1.0', '1.0.0'])}${param('AcceptFormats', ['text/xml'])}</ows:Operation>` +
    `<ows:Operation name="DescribeFeatureType">${dcp}${param('outputFormat', [gmlDft])}</ows:Operation>` +
    `<ows:Operation name="GetFeature">${dcp}${param('resultType', ['results', 'hits'])}${param('outputFormat', outputFormats(r.version))}</ows:Operation>` +
    (v2
      ? constraint('ImplementsBasicWFS', 'TRUE') +
        constraint('ImplementsTransactionalWFS', 'FALSE') +
        constraint('ImplementsLockingWFS', 'FALSE') +
        constraint('KVPEncoding', 'TRUE') +
        constraint('XMLEncoding', 'FALSE') +
        constraint('SOAPEncoding', 'FALSE') +
        constraint('ImplementsInheritance', 'FALSE') +
        constraint('ImplementsRemoteResolve', 'FALSE') +
        constraint('ImplementsResultPaging', 'TRUE') +
        constraint('ImplementsStandardJoins', 'FALSE') +
        constraint('ImplementsSpatialJoins', 'FALSE') +
        constraint('ImplementsTemporalJoins', 'FALSE') +
        constraint('ImplementsFeatureVersioning', 'FALSE') +
        constraint('ManageStoredQueries', 'FALSE') +
        constraint('CountDefault', String(DEFAULT_COUNT))
      : '') +
    `</ows:OperationsMetadata>`;
  const types = vectorLayers(svc)
    .map((ft) => {
      const [w, s, e, n] = extentOf(ft, extents);
      const crs = v2
        ? `<wfs:DefaultCRS>${CRS84}</wfs:DefaultCRS><wfs:OtherCRS>urn:ogc:def:crs:EPSG::3857</wfs:OtherCRS>`
        : `<wfs:DefaultSRS>EPSG:4326</wfs:DefaultSRS><wfs:OtherSRS>EPSG:3857</wfs:OtherSRS>`;
      return (
        `<wfs:FeatureType><wfs:Name>${xmlEscape(qualifiedName(ft, ns))}</wfs:Name><wfs:Title>${xmlEscape(ft.title)}</wfs:Title>` +
        `${crs}<wfs:OutputFormats>${outputFormats(r.version).map((f) => `<wfs:Format>${f}</wfs:Format>`).join('')}</wfs:OutputFormats>` +
        `<ows:WGS84BoundingBox><ows:LowerCorner>${fmt(w)} ${fmt(s)}</ows:LowerCorner><ows:UpperCorner>${fmt(e)} ${fmt(n)}</ows:UpperCorner></ows:WGS84BoundingBox>` +
        `</wfs:FeatureType>`
      );
    })
    .join('');
  const comparison = ['PropertyIsEqualTo', 'PropertyIsNotEqualTo', 'PropertyIsLessThan', 'PropertyIsGreaterThan', 'PropertyIsLessThanOrEqualTo', 'PropertyIsGreaterThanOrEqualTo', 'PropertyIsLike', 'PropertyIsNull', 'PropertyIsBetween'];
  const conformance = (name: string, value: string) => `<fes:Constraint name="${name}"><ows:NoValues/><ows:DefaultValue>${value}</ows:DefaultValue></fes:Constraint>`;
  const filterCaps = v2
    ? `<fes:Filter_Capabilities><fes:Conformance>` +
      conformance('ImplementsQuery', 'TRUE') +
      conformance('ImplementsAdHocQuery', 'TRUE') +
      conformance('ImplementsFunctions', 'FALSE') +
      conformance('ImplementsResourceId', 'TRUE') +
      conformance('ImplementsMinStandardFilter', 'TRUE') +
      conformance('ImplementsStandardFilter', 'TRUE') +
      conformance('ImplementsMinSpatialFilter', 'TRUE') +
      conformance('ImplementsSpatialFilter', 'FALSE') +
      conformance('ImplementsMinTemporalFilter', 'FALSE') +
      conformance('ImplementsTemporalFilter', 'FALSE') +
      conformance('ImplementsVersionNav', 'FALSE') +
      conformance('ImplementsSorting', 'TRUE') +
      conformance('ImplementsExtendedOperators', 'FALSE') +
      conformance('ImplementsMinimumXPath', 'FALSE') +
      conformance('ImplementsSchemaElementFunc', 'FALSE') +
      `</fes:Conformance><fes:Id_Capabilities><fes:ResourceIdentifier name="fes:ResourceId"/></fes:Id_Capabilities>` +
      `<fes:Scalar_Capabilities><fes:LogicalOperators/><fes:ComparisonOperators>${comparison.map((c) => `<fes:ComparisonOperator name="${c}"/>`).join('')}</fes:ComparisonOperators></fes:Scalar_Capabilities>` +
      `<fes:Spatial_Capabilities><fes:GeometryOperands><fes:GeometryOperand name="gml:Envelope"/><fes:GeometryOperand name="gml:Point"/></fes:GeometryOperands>` +
      `<fes:SpatialOperators><fes:SpatialOperator name="BBOX"/><fes:SpatialOperator name="Intersects"/></fes:SpatialOperators></fes:Spatial_Capabilities>` +
      `</fes:Filter_Capabilities>`
    : `<ogc:Filter_Capabilities><ogc:Spatial_Capabilities><ogc:GeometryOperands><ogc:GeometryOperand>gml:Envelope</ogc:GeometryOperand><ogc:GeometryOperand>gml:Point</ogc:GeometryOperand></ogc:GeometryOperands>` +
      `<ogc:SpatialOperators><ogc:SpatialOperator name="BBOX"/><ogc:SpatialOperator name="Intersects"/></ogc:SpatialOperators></ogc:Spatial_Capabilities>` +
      `<ogc:Scalar_Capabilities><ogc:LogicalOperators/><ogc:ComparisonOperators>${['EqualTo', 'NotEqualTo', 'LessThan', 'GreaterThan', 'LessThanEqualTo', 'GreaterThanEqualTo', 'Like', 'NullCheck', 'Between']
        .map((c) => `<ogc:ComparisonOperator>${c}</ogc:ComparisonOperator>`)
        .join('')}</ogc:ComparisonOperators></ogc:Scalar_Capabilities>` +
      `<ogc:Id_Capabilities><ogc:FID/></ogc:Id_Capabilities></ogc:Filter_Capabilities>`;
  const title = xmlEscape(`${svc.product.toUpperCase()} coastal WFS (reference implementation)`);
  const service =
    `<ows:ServiceIdentification><ows:Title>${title}</ows:Title><ows:Abstract>Thai coastal feature types. Sample data unless real data was imported.</ows:Abstract>` +
    `<ows:ServiceType>WFS</ows:ServiceType><ows:ServiceTypeVersion>${r.version}</ows:ServiceTypeVersion><ows:Fees>none</ows:Fees><ows:AccessConstraints>none</ows:AccessConstraints></ows:ServiceIdentification>`;
  if (v2) {
    return (
      `<?xml version="1.0" encoding="UTF-8"?>\n<wfs:WFS_Capabilities version="2.0.0" xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:ows="http://www.opengis.net/ows/1.1" ` +
      `xmlns:fes="http://www.opengis.net/fes/2.0" xmlns:gml="http://www.opengis.net/gml/3.2" xmlns:xlink="http://www.w3.org/1999/xlink" ` +
      `xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:${ns}="${namespaceUri(svc)}" ` +
      `xsi:schemaLocation="http://www.opengis.net/wfs/2.0 http://schemas.opengis.net/wfs/2.0/wfs.xsd">` +
      `${service}${operations}<wfs:FeatureTypeList>${types}</wfs:FeatureTypeList>${filterCaps}</wfs:WFS_Capabilities>\n`
    );
  }
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<wfs:WFS_Capabilities version="1.1.0" xmlns:wfs="http://www.opengis.net/wfs" xmlns:ows="http://www.opengis.net/ows" ` +
    `xmlns:ogc="http://www.opengis.net/ogc" xmlns:gml="http://www.opengis.net/gml" xmlns:xlink="http://www.w3.org/1999/xlink" ` +
    `xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:${ns}="${namespaceUri(svc)}" ` +
    `xsi:schemaLocation="http://www.opengis.net/wfs http://schemas.opengis.net/wfs/1.1.0/wfs.xsd">` +
    `${service}${operations}<wfs:FeatureTypeList>${types}</wfs:FeatureTypeList>${filterCaps}</wfs:WFS_Capabilities>\n`
  );
}

function capabilities10(svc: OgcService, r: OgcRequest, extents: Map<string, [number, number, number, number]>): string {
  const ns = svc.product;
  const url = xmlEscape(`${r.endpointUrl}?`);
  const dcp = `<DCPType><HTTP><Get onlineResource="${url}"/></HTTP></DCPType><DCPType><HTTP><Post onlineResource="${url}"/></HTTP></DCPType>`;
  const types = vectorLayers(svc)
    .map((ft) => {
      const [w, s, e, n] = extentOf(ft, extents);
      return (
        `<FeatureType><Name>${xmlEscape(qualifiedName(ft, ns))}</Name><Title>${xmlEscape(ft.title)}</Title><SRS>EPSG:4326</SRS>` +
        `<LatLongBoundingBox minx="${fmt(w)}" miny="${fmt(s)}" maxx="${fmt(e)}" maxy="${fmt(n)}"/></FeatureType>`
      );
    })
    .join('');
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<WFS_Capabilities version="1.0.0" xmlns="http://www.opengis.net/wfs" xmlns:${ns}="${namespaceUri(svc)}" ` +
    `xmlns:ogc="http://www.opengis.net/ogc" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ` +
    `xsi:schemaLocation="http://www.opengis.net/wfs http://schemas.opengis.net/wfs/1.0.0/WFS-capabilities.xsd">` +
    `<Service><Name>WFS</Name><Title>${xmlEscape(`${ns.toUpperCase()} coastal WFS (reference implementation)`)}</Title><OnlineResource>${url}</OnlineResource></Service>` +
    `<Capability><Request>` +
    `<GetCapabilities>${dcp}</GetCapabilities>` +
    `<DescribeFeatureType><SchemaDescriptionLanguage><XMLSCHEMA/></SchemaDescriptionLanguage>${dcp}</DescribeFeatureType>` +
    `<GetFeature><ResultFormat><GML2/><JSON/><GEOJSON/></ResultFormat>${dcp}</GetFeature>` +
    `</Request></Capability><FeatureTypeList><Operations><Query/></Operations>${types}</FeatureTypeList>` +
    `<ogc:Filter_Capabilities><ogc:Spatial_Capabilities><ogc:Spatial_Operators><ogc:BBOX/><ogc:Intersect/></ogc:Spatial_Operators></ogc:Spatial_Capabilities>` +
    `<ogc:Scalar_Capabilities><ogc:Logical_Operators/><ogc:Comparison_Operators><ogc:Simple_Comparisons/><ogc:Between/><ogc:Like/><ogc:NullCheck/></ogc:Comparison_Operators></ogc:Scalar_Capabilities>` +
    `</ogc:Filter_Capabilities></WFS_Capabilities>\n`
  );
}

// ------------------------------------------------------------------ DescribeFeatureType

const XSD_TYPES: Record<Attribute['type'], string> = { string: 'xsd:string', int: 'xsd:int', double: 'xsd:double', date: 'xsd:date', datetime: 'xsd:dateTime' };

function geometryXsdType(ft: VectorFeatureType, version: string, geometryTypes: ReadonlyMap<string, string>): string {
  const actual = (geometryTypes.get(ft.table) ?? '').toUpperCase();
  const multi = actual.startsWith('MULTI') || actual === '';
  if (version === '1.0.0') {
    if (ft.geometryKind === 'point') return multi && actual !== '' ? 'gml:MultiPointPropertyType' : 'gml:PointPropertyType';
    if (ft.geometryKind === 'line') return multi ? 'gml:MultiLineStringPropertyType' : 'gml:LineStringPropertyType';
    return multi ? 'gml:MultiPolygonPropertyType' : 'gml:PolygonPropertyType';
  }
  if (ft.geometryKind === 'point') return multi && actual !== '' ? 'gml:MultiPointPropertyType' : 'gml:PointPropertyType';
  if (ft.geometryKind === 'line') return multi ? 'gml:MultiLineStringPropertyType' : 'gml:LineStringPropertyType';
  return multi ? 'gml:MultiPolygonPropertyType' : 'gml:PolygonPropertyType';
}

function typeNameList(svc: OgcService, r: OgcRequest, required: boolean): VectorFeatureType[] {
  const raw = r.kvp.get('TYPENAMES') ?? r.kvp.get('TYPENAME');
  if (raw === undefined || raw.trim() === '') {
    if (required) throw new OgcError('MissingParameterValue', `missing parameter ${r.version === '2.0.0' ? 'TYPENAMES' : 'TYPENAME'}`, 'TYPENAMES');
    return vectorLayers(svc);
  }
  if (raw.length > 4096) throw new OgcError('InvalidParameterValue', 'TYPENAMES is too long', 'TYPENAMES');
  const names = raw
    .replace(/^\((.*)\)$/s, '$1')
    .split(',')
    .map((s) => s.trim());
  if (names.length > 200 || names.some((n) => n === '')) throw new OgcError('InvalidParameterValue', 'TYPENAMES must be a list of type names', 'TYPENAMES');
  return names.map((n) => {
    const ft = svc.resolve(n, 'TYPENAMES', 'InvalidParameterValue');
    if (ft.kind !== 'vector') throw new OgcError('InvalidParameterValue', `${ft.name} is a map layer, not a feature type`, 'TYPENAMES');
    return ft;
  });
}

async function describeFeatureType(svc: OgcService, r: OgcRequest): Promise<void> {
  const fts = typeNameList(svc, r, false);
  const key = `dft|${r.version}|${fts.map((f) => f.name).join(',')}`;
  const gml = r.version === '2.0.0' ? '3.2' : r.version === '1.1.0' ? '3.1.1' : '2.1.2';
  await svc.sendDocument(r, key, `text/xml; subtype=gml/${gml}; charset=utf-8`, async () => {
    const geometryTypes = await svc.geometryTypes();
    const gmlNs = r.version === '2.0.0' ? 'http://www.opengis.net/gml/3.2' : 'http://www.opengis.net/gml';
    const gmlXsd =
      r.version === '2.0.0'
        ? 'http://schemas.opengis.net/gml/3.2.1/gml.xsd'
        : r.version === '1.1.0'
          ? 'http://schemas.opengis.net/gml/3.1.1/base/gml.xsd'
          : 'http://schemas.opengis.net/gml/2.1.2/feature.xsd';
    const substitution = r.version === '2.0.0' ? 'gml:AbstractFeature' : 'gml:_Feature';
    const ns = svc.product;
    const types = fts
      .map((ft) => {
        const fields = ft.attributes
          .map((a) => `<xsd:element maxOccurs="1" minOccurs="0" name="${a.name}" nillable="true" type="${XSD_TYPES[a.type]}"/>`)
          .join('');
        const geom = `<xsd:element maxOccurs="1" minOccurs="0" name="geom" nillable="true" type="${geometryXsdType(ft, r.version, geometryTypes)}"/>`;
        return (
          `<xsd:complexType name="${ft.name}Type"><xsd:complexContent><xsd:extension base="gml:AbstractFeatureType"><xsd:sequence>` +
          `${fields}${geom}</xsd:sequence></xsd:extension></xsd:complexContent></xsd:complexType>` +
          `<xsd:element name="${ft.name}" substitutionGroup="${substitution}" type="${ns}:${ft.name}Type"/>`
        );
      })
      .join('');
    return (
      `<?xml version="1.0" encoding="UTF-8"?>\n<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:gml="${gmlNs}" xmlns:${ns}="${namespaceUri(svc)}" ` +
      `elementFormDefault="qualified" targetNamespace="${namespaceUri(svc)}"><xsd:import namespace="${gmlNs}" schemaLocation="${gmlXsd}"/>${types}</xsd:schema>\n`
    );
  });
}

// ------------------------------------------------------------------ GetFeature

function stripPrefix(svc: OgcService, name: string): string {
  const colon = name.indexOf(':');
  if (colon < 0) return name;
  const prefix = name.slice(0, colon);
  return allowedPrefixes(svc.product).includes(prefix) ? name.slice(colon + 1) : name;
}

function parseSortBy(svc: OgcService, ft: VectorFeatureType, raw: string | undefined): SortKey[] {
  if (raw === undefined || raw.trim() === '') return [];
  if (raw.length > 1024) throw new OgcError('InvalidParameterValue', 'SORTBY is too long', 'SORTBY');
  return raw.split(',').map((part) => {
    const m = /^\s*([A-Za-z_][A-Za-z0-9_:]*)(?:\s+(ASC|DESC|A|D))?\s*$/i.exec(part);
    if (!m) throw new OgcError('InvalidParameterValue', `SORTBY must be "attribute [ASC|DESC]", got "${part.slice(0, 60)}"`, 'SORTBY');
    const name = stripPrefix(svc, m[1]!);
    if (!attributeNamed(ft, name)) throw new OgcError('InvalidParameterValue', `SORTBY: ${ft.name} has no attribute "${name.slice(0, 60)}"`, 'SORTBY');
    return { name, desc: /^D/i.test(m[2] ?? '') };
  });
}

function parsePropertyNames(svc: OgcService, ft: VectorFeatureType, raw: string | undefined): { attrs: readonly Attribute[]; geometry: boolean } {
  if (raw === undefined || raw.trim() === '' || raw.trim() === '*') return { attrs: ft.attributes, geometry: true };
  if (raw.length > 4096) throw new OgcError('InvalidParameterValue', 'PROPERTYNAME is too long', 'PROPERTYNAME');
  const names = raw
    .replace(/^\((.*)\)$/s, '$1')
    .split(',')
    .map((s) => stripPrefix(svc, s.trim()));
  let geometry = false;
  const wanted = new Set<string>();
  for (const name of names) {
    if (name === ft.geometryColumn) geometry = true;
    else if (attributeNamed(ft, name)) wanted.add(name);
    else throw new OgcError('InvalidParameterValue', `PROPERTYNAME: ${ft.name} has no property "${name.slice(0, 60)}"`, 'PROPERTYNAME');
  }
  return { attrs: ft.attributes.filter((a) => wanted.has(a.name)), geometry };
}

function outputSrid(raw: string | undefined): { srid: 4326 | 3857; name: string } {
  if (raw === undefined || raw.trim() === '') return { srid: 4326, name: 'urn:ogc:def:crs:EPSG::4326' };
  const crs = resolveCrs(raw);
  if (!crs) throw new OgcError('InvalidParameterValue', `SRSNAME "${raw.slice(0, 60)}" is not served (CRS84, EPSG:4326, EPSG:3857)`, 'SRSNAME');
  return crs.name === 'EPSG:3857' ? { srid: 3857, name: 'urn:ogc:def:crs:EPSG::3857' } : { srid: 4326, name: 'urn:ogc:def:crs:EPSG::4326' };
}

function resourceIds(r: OgcRequest): FilterNode | undefined {
  const raw = r.kvp.get('RESOURCEID') ?? r.kvp.get('FEATUREID');
  if (raw === undefined || raw.trim() === '') return undefined;
  if (raw.length > 8192) throw new OgcError('InvalidParameterValue', 'RESOURCEID is too long', 'RESOURCEID');
  const ids = raw.split(',').map((s) => s.trim());
  if (ids.length > 1000) throw new OgcError('InvalidParameterValue', 'at most 1000 resource ids', 'RESOURCEID');
  return { type: 'resourceId', ids };
}

type OutputFormat = { kind: 'json' } | { kind: 'gml'; version: GmlVersion; contentType: string };

const GML: Record<GmlVersion, OutputFormat> = {
  '3.2': { kind: 'gml', version: '3.2', contentType: 'application/gml+xml; version=3.2' },
  '3.1.1': { kind: 'gml', version: '3.1.1', contentType: 'text/xml; subtype=gml/3.1.1' },
  '2': { kind: 'gml', version: '2', contentType: 'text/xml; subtype=gml/2.1.2' },
};

/** OUTPUTFORMAT: GeoJSON in its usual spellings, or GML (the WFS default: 3.2 for 2.0, 3.1.1 for 1.1, 2 for 1.0). */
function outputFormat(raw: string | undefined, version: string): OutputFormat {
  const v = (raw ?? '').trim().toLowerCase().replace(/\s+/g, ' ').replace(/\s*;\s*/g, '; ');
  const byVersion = GML[version === '2.0.0' ? '3.2' : version === '1.1.0' ? '3.1.1' : '2'];
  if (v === '' || v === 'text/xml' || v === 'application/xml' || v === 'gml') return byVersion;
  if (JSON_FORMATS.has(v)) return { kind: 'json' };
  if (/^(gml32|(text\/xml|application\/gml\+xml); (subtype=gml\/|version=)3\.2(\.1)?)$/.test(v)) return GML['3.2'];
  if (/^(gml3|gml31|text\/xml; subtype=gml\/3\.1(\.1)?|application\/gml\+xml; version=3\.1)$/.test(v)) return GML['3.1.1'];
  if (/^(gml2|text\/xml; subtype=gml\/2(\.1\.2)?)$/.test(v)) return GML['2'];
  throw new OgcError('InvalidParameterValue', `OUTPUTFORMAT "${(raw ?? '').slice(0, 60)}" is not served; use application/json or GML`, 'OUTPUTFORMAT');
}

function gmlCollection(svc: OgcService, r: OgcRequest, ft: VectorFeatureType, version: GmlVersion, members: string, matched: number, returned: number, timeStamp: string): string {
  const ns = `xmlns:${svc.product}="${namespaceUri(svc)}"`;
  const dft = (v: string, param: string) =>
    xmlEscape(`${r.endpointUrl}?SERVICE=WFS&VERSION=${v}&REQUEST=DescribeFeatureType&${param}=${qualifiedName(ft, svc.product)}`);
  const head = '<?xml version="1.0" encoding="UTF-8"?>\n';
  if (version === '3.2') {
    return (
      `${head}<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:gml="http://www.opengis.net/gml/3.2" ${ns} ` +
      `xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" numberMatched="${matched}" numberReturned="${returned}" timeStamp="${timeStamp}" ` +
      `xsi:schemaLocation="http://www.opengis.net/wfs/2.0 http://schemas.opengis.net/wfs/2.0/wfs.xsd ${namespaceUri(svc)} ${dft('2.0.0', 'TYPENAMES')}">` +
      `${members}</wfs:FeatureCollection>\n`
    );
  }
  if (version === '3.1.1') {
    return (
      `${head}<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs" xmlns:gml="http://www.opengis.net/gml" ${ns} ` +
      `xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" numberOfFeatures="${returned}" timeStamp="${timeStamp}" ` +
      `xsi:schemaLocation="http://www.opengis.net/wfs http://schemas.opengis.net/wfs/1.1.0/wfs.xsd ${namespaceUri(svc)} ${dft('1.1.0', 'TYPENAME')}">` +
      `${members}</wfs:FeatureCollection>\n`
    );
  }
  return (
    `${head}<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs" xmlns:gml="http://www.opengis.net/gml" ${ns} ` +
    `xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ` +
    `xsi:schemaLocation="http://www.opengis.net/wfs http://schemas.opengis.net/wfs/1.0.0/WFS-basic.xsd ${namespaceUri(svc)} ${dft('1.0.0', 'TYPENAME')}">` +
    `<gml:boundedBy><gml:null>unknown</gml:null></gml:boundedBy>${members}</wfs:FeatureCollection>\n`
  );
}

/** True when the filter has a BBOX/INTERSECTS term: the database then reads every match through the spatial index. */
function hasSpatialFilter(node: FilterNode): boolean {
  switch (node.type) {
    case 'bbox':
    case 'intersects':
      return true;
    case 'and':
      return node.children.some(hasSpatialFilter);
    default:
      return false;
  }
}

function escapeHtmlSensitive(json: string): string {
  // JSON-equivalent escapes, so no browser ever sniffs markup in attribute values.
  return /[<>&]/.test(json) ? json.replace(/[<>&]/g, (c) => (c === '<' ? '\\u003c' : c === '>' ? '\\u003e' : '\\u0026')) : json;
}

async function getFeature(svc: OgcService, r: OgcRequest): Promise<void> {
  const k = r.kvp;
  const fts = typeNameList(svc, r, true);
  if (fts.length !== 1) throw new OgcError('InvalidParameterValue', 'GetFeature serves one type name per request', 'TYPENAMES');
  const ft = fts[0]!;
  const hits = (k.get('RESULTTYPE') ?? 'results').trim().toLowerCase();
  if (hits !== 'results' && hits !== 'hits') throw new OgcError('InvalidParameterValue', 'RESULTTYPE must be results or hits', 'RESULTTYPE');
  const format = outputFormat(k.get('OUTPUTFORMAT'), r.version);
  const json = format.kind === 'json';

  const countRaw = k.get('COUNT') !== undefined ? 'COUNT' : 'MAXFEATURES';
  const count = k.int(countRaw, 1, MAX_COUNT, DEFAULT_COUNT);
  const startIndex = k.int('STARTINDEX', 0, MAX_START_INDEX, 0);
  const sort = parseSortBy(svc, ft, k.get('SORTBY'));
  const props = parsePropertyNames(svc, ft, k.get('PROPERTYNAME'));
  const out = outputSrid(k.get('SRSNAME'));

  const defaultCrs = r.version === '1.0.0' ? 'EPSG:4326' : 'CRS84';
  const bboxRaw = k.get('BBOX');
  const bbox = bboxRaw !== undefined && bboxRaw.trim() !== '' ? bboxFilter(parseBbox(bboxRaw, { defaultCrs, locator: 'BBOX' })) : undefined;
  const cqlRaw = k.get('CQL_FILTER');
  const cql = cqlRaw !== undefined && cqlRaw.trim() !== '' ? parseCql(cqlRaw, { locator: 'CQL_FILTER' }) : undefined;
  const fesRaw = k.get('FILTER');
  const fes = fesRaw !== undefined && fesRaw.trim() !== '' ? parseFes(fesRaw, { locator: 'FILTER', defaultCrs }) : undefined;
  const filter = andFilters(bbox, cql, fes, resourceIds(r));
  const values = viewparamsPerLayer(k, [ft])[0];
  const locator = fes ? 'FILTER' : 'CQL_FILTER';
  const sel = selectLayer(ft, values, filter, locator);

  const version = await svc.datasetVersion();
  const key = JSON.stringify([
    'wfs',
    r.version,
    ft.name,
    hits,
    json,
    count,
    startIndex,
    sort,
    props.attrs.map((a) => a.name),
    props.geometry,
    out.srid,
    ['BBOX', 'CQL_FILTER', 'FILTER', 'RESOURCEID', 'FEATUREID'].map((p) => k.get(p) ?? null),
    values ? Object.entries(values).sort() : null,
    version,
  ]);
  const etag = `"f-${createHash('sha256').update(key).digest('base64url').slice(0, 27)}"`;
  if (svc.notModified(r, etag, 'no-cache')) return;
  const timeStamp = new Date().toISOString();

  if (hits === 'hits') {
    // Always the XML collection: GDAL asks for hits with its OUTPUTFORMAT and reads numberMatched from XML.
    const matched = await queryCount(svc.db, sel);
    const body =
      r.version === '2.0.0'
        ? `<?xml version="1.0" encoding="UTF-8"?>\n<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ` +
          `numberMatched="${matched}" numberReturned="0" timeStamp="${timeStamp}" xsi:schemaLocation="http://www.opengis.net/wfs/2.0 http://schemas.opengis.net/wfs/2.0/wfs.xsd"/>\n`
        : `<?xml version="1.0" encoding="UTF-8"?>\n<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs" numberOfFeatures="${matched}" timeStamp="${timeStamp}"/>\n`;
    return svc.sendBody(r, Buffer.from(body), { contentType: 'application/xml; charset=utf-8', etag, cacheControl: 'no-cache', compressible: true });
  }

  const page = await queryFeaturePage(svc.db, sel, {
    attrs: props.attrs,
    geometry: props.geometry,
    srid: out.srid,
    digits: out.srid === 3857 ? 2 : 6,
    sort,
    count,
    startIndex,
    ...(format.kind === 'gml' ? { gml: { version: format.version, prefix: svc.product } } : {}),
    withTotal: hasSpatialFilter(filter),
  });
  // The total is known without counting when this page is the last one (or counted in the same pass).
  const matched =
    page.total ?? (page.returned < count && (page.returned > 0 || startIndex === 0) ? startIndex + page.returned : await queryCount(svc.db, sel));
  if (format.kind === 'gml') {
    // attribute text comes from the database as is: XML-illegal characters are replaced here
    const body = gmlCollection(svc, r, ft, format.version, xmlSafe(page.body), matched, page.returned, timeStamp);
    return svc.sendBody(r, Buffer.from(body), { contentType: format.contentType, etag, cacheControl: 'no-cache', compressible: true });
  }
  const body =
    `{"type":"FeatureCollection","features":[${escapeHtmlSensitive(page.body)}],"totalFeatures":${matched},"numberMatched":${matched},` +
    `"numberReturned":${page.returned},"timeStamp":"${timeStamp}","crs":{"type":"name","properties":{"name":"${out.name}"}}}`;
  await svc.sendBody(r, Buffer.from(body), { contentType: JSON_TYPE, etag, cacheControl: 'no-cache', compressible: true });
}
