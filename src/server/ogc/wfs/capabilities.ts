// WFS GetCapabilities: 2.0.0 and 1.1.0 (OWS common) and 1.0.0, built once per version, public
// URL and data version (OgcService.sendDocument).

import type { FeatureType } from '../../data/featureTypes.ts';
import { DEFAULT_EXTENT, qualifiedName } from '../layers.ts';
import type { OgcRequest, OgcServiceCore as OgcService } from '../serviceCore.ts';
import { xmlEscape } from '../xml.ts';
import { CRS84, DEFAULT_COUNT, namespaceUri, vectorLayers } from './names.ts';
import { RESOLVE_VALUES } from './params.ts';

export async function capabilities(svc: OgcService, r: OgcRequest): Promise<void> {
  await svc.sendDocument(r, `wfs-caps|${r.version}|${r.endpointUrl}`, 'application/xml; charset=utf-8', async () => {
    const extents = await svc.extents();
    return r.version === '1.0.0' ? capabilities10(svc, r, extents) : capabilities1120(svc, r, extents);
  });
}

const fmt = (n: number) => String(Math.round(n * 1e6) / 1e6);

function extentOf(ft: FeatureType, extents: Map<string, [number, number, number, number]>): [number, number, number, number] {
  return extents.get(ft.kind === 'vector' ? ft.table : ft.landTable) ?? DEFAULT_EXTENT;
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
  // WFS 2.0 Table 12: the resolve parameter of GetFeature and GetPropertyValue (the test suite wants 'local')
  const resolve = v2 ? param('resolve', RESOLVE_VALUES) : '';
  const gmlDft = v2 ? 'text/xml; subtype=gml/3.2' : 'text/xml; subtype=gml/3.1.1';
  const operations =
    `<ows:OperationsMetadata>` +
    `<ows:Operation name="GetCapabilities">${dcp}${param('AcceptVersions', ['2.0.0', '1.1.0', '1.0.0'])}${param('AcceptFormats', ['text/xml'])}</ows:Operation>` +
    `<ows:Operation name="DescribeFeatureType">${dcp}${param('outputFormat', [gmlDft])}</ows:Operation>` +
    `<ows:Operation name="GetFeature">${dcp}${param('resultType', ['results', 'hits'])}${param('outputFormat', outputFormats(r.version))}${resolve}</ows:Operation>` +
    (v2
      ? `<ows:Operation name="GetPropertyValue">${dcp}${param('resultType', ['results', 'hits'])}${param('outputFormat', [outputFormats(r.version)[0]!])}${resolve}</ows:Operation>` +
        `<ows:Operation name="ListStoredQueries">${dcp}</ows:Operation><ows:Operation name="DescribeStoredQueries">${dcp}</ows:Operation>`
      : '') +
    (v2
      ? constraint('ImplementsBasicWFS', 'TRUE') +
        constraint('ImplementsTransactionalWFS', 'FALSE') +
        constraint('ImplementsLockingWFS', 'FALSE') +
        constraint('KVPEncoding', 'TRUE') +
        constraint('XMLEncoding', 'TRUE') +
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
  const comparison = ['PropertyIsEqualTo', 'PropertyIsNotEqualTo', 'PropertyIsLessThan', 'PropertyIsGreaterThan', 'PropertyIsLessThanOrEqualTo', 'PropertyIsGreaterThanOrEqualTo', 'PropertyIsLike', 'PropertyIsNull', 'PropertyIsNil', 'PropertyIsBetween'];
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
    `<ows:Keywords><ows:Keyword>WFS</ows:Keyword><ows:Keyword>${xmlEscape(svc.product)}</ows:Keyword><ows:Keyword>coast</ows:Keyword></ows:Keywords>` +
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
    `<Service><Name>WFS</Name><Title>${xmlEscape(`${ns.toUpperCase()} coastal WFS (reference implementation)`)}</Title>` +
    `<Abstract>Thai coastal feature types. Sample data unless real data was imported.</Abstract><Keywords>WFS, ${ns}, coast, Thailand</Keywords>` +
    `<OnlineResource>${url}</OnlineResource><Fees>none</Fees><AccessConstraints>none</AccessConstraints></Service>` +
    `<Capability><Request>` +
    `<GetCapabilities>${dcp}</GetCapabilities>` +
    `<DescribeFeatureType><SchemaDescriptionLanguage><XMLSCHEMA/></SchemaDescriptionLanguage>${dcp}</DescribeFeatureType>` +
    // WFS-capabilities.xsd 1.0.0 names one result format, GML2; GeoJSON (OUTPUTFORMAT=json) is served unadvertised
    `<GetFeature><ResultFormat><GML2/></ResultFormat>${dcp}</GetFeature>` +
    `</Request></Capability><FeatureTypeList><Operations><Query/></Operations>${types}</FeatureTypeList>` +
    `<ogc:Filter_Capabilities><ogc:Spatial_Capabilities><ogc:Spatial_Operators><ogc:BBOX/><ogc:Intersect/></ogc:Spatial_Operators></ogc:Spatial_Capabilities>` +
    `<ogc:Scalar_Capabilities><ogc:Logical_Operators/><ogc:Comparison_Operators><ogc:Simple_Comparisons/><ogc:Between/><ogc:Like/><ogc:NullCheck/></ogc:Comparison_Operators></ogc:Scalar_Capabilities>` +
    `</ogc:Filter_Capabilities></WFS_Capabilities>\n`
  );
}
