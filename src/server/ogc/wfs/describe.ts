// WFS DescribeFeatureType: an XML schema of the requested feature types, with the geometry
// property type the instances really hold (GML 3: MultiCurve / MultiSurface, as ST_AsGML writes).

import type { Attribute, VectorFeatureType } from '../../data/featureTypes.ts';
import type { OgcRequest, OgcServiceCore as OgcService } from '../serviceCore.ts';
import { MAX_DESCRIBED_TYPES, namespaceUri, typeNameList } from './names.ts';

const XSD_TYPES: Record<Attribute['type'], string> = { string: 'xsd:string', int: 'xsd:int', double: 'xsd:double', date: 'xsd:date', datetime: 'xsd:dateTime' };

/** GML 2 names its collections after Simple Features; GML 3 as ST_AsGML writes them (MultiCurve, MultiSurface). */
function geometryXsdType(ft: VectorFeatureType, version: string, geometryTypes: ReadonlyMap<string, string>): string {
  const actual = (geometryTypes.get(ft.table) ?? '').toUpperCase();
  const multi = actual.startsWith('MULTI') || actual === '';
  if (ft.geometryKind === 'point') return multi && actual !== '' ? 'gml:MultiPointPropertyType' : 'gml:PointPropertyType';
  if (version === '1.0.0') {
    if (ft.geometryKind === 'line') return multi ? 'gml:MultiLineStringPropertyType' : 'gml:LineStringPropertyType';
    return multi ? 'gml:MultiPolygonPropertyType' : 'gml:PolygonPropertyType';
  }
  if (ft.geometryKind === 'line') return multi ? 'gml:MultiCurvePropertyType' : 'gml:CurvePropertyType';
  return multi ? 'gml:MultiSurfacePropertyType' : 'gml:SurfacePropertyType';
}

export async function describeFeatureType(svc: OgcService, r: OgcRequest): Promise<void> {
  const fts = typeNameList(svc, r, false, MAX_DESCRIBED_TYPES);
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
