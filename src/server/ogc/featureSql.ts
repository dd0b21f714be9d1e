// Features as text built in the database: GeoServer-shaped GeoJSON Features and GML members
// (GML 2, 3.1.1 and 3.2), so Node only pastes one text value into the answer. Only registry
// names, numbers computed here and fixed SQL are written into the statements.

import type { Attribute, VectorFeatureType } from '../data/featureTypes.ts';
import { IDENT, ident, nameLiteral } from './sqlNames.ts';

/** One attribute value as JSON text in SQL: numbers as they print, text and timestamps through to_json. */
export function jsonValue(a: Attribute, alias: string): string {
  const col = `${alias}.${ident(a.name)}`;
  switch (a.type) {
    case 'int':
      return `coalesce(${col}::text, 'null')`;
    case 'double':
      // float8 prints JSON-compatible numbers, except NaN and the infinities
      return `CASE WHEN ${col} IS NULL OR ${col} IN ('NaN'::float8, 'Infinity'::float8, '-Infinity'::float8) THEN 'null' ELSE ${col}::text END`;
    case 'date':
      return `coalesce('"' || ${col}::text || '"', 'null')`;
    default:
      return `coalesce(to_json(${col})::text, 'null')`;
  }
}

/** `'{"a":' || <a as JSON> || ...` : a compact JSON object of the attributes, in order. */
function propertiesJson(attrs: readonly Attribute[], alias: string): string {
  if (attrs.length === 0) return `'{}'`;
  return attrs
    .map((a, i) => `'${i === 0 ? '{' : ','}"${a.name}":' || ${jsonValue(a, alias)}`)
    .concat(`'}'`)
    .join(' || ');
}

export interface FeatureJsonOptions {
  attrs: readonly Attribute[];
  /** Include the geometry (else `"geometry":null`, as GeoServer does when PROPERTYNAME leaves it out). */
  geometry: boolean;
  /** Output SRID: 4326 or 3857. */
  srid: 4326 | 3857;
  /** EPSG:4326 written lat/lon (a urn:ogc:def:crs:EPSG::4326 SRSNAME asks for the EPSG axis order). */
  latLon?: boolean;
  digits: number;
}

/** The geometry in the output CRS and axis order. */
function outputGeometry(alias: string, o: FeatureJsonOptions): string {
  if (o.srid === 3857) return `ST_Transform(${alias}.geom, 3857)`;
  return o.latLon ? `ST_FlipCoordinates(${alias}.geom)` : `${alias}.geom`;
}

/** One GeoJSON Feature as SQL text, GeoServer-shaped: id '<name>.<id>', geometry, geometry_name, properties. */
export function featureJsonSql(ft: VectorFeatureType, alias: string, o: FeatureJsonOptions): string {
  const geometry = o.geometry ? `coalesce(ST_AsGeoJSON(${outputGeometry(alias, o)}, ${Math.trunc(o.digits)}), 'null')` : `'null'`;
  return (
    `'{"type":"Feature","id":"' || ${nameLiteral(ft.name)} || '.' || coalesce(${alias}.${ident(ft.idColumn)}::text, '') || '","geometry":' || ` +
    `${geometry} || ',"geometry_name":"geom","properties":' || ${propertiesJson(o.attrs, alias)} || '}'`
  );
}

export type GmlVersion = '2' | '3.1.1' | '3.2';

/**
 * One feature as GML (a wfs:member / gml:featureMember) in SQL: attributes through xmlforest
 * (escaped by PostgreSQL, nulls left out), geometry through ST_AsGML (GML 3: MultiCurve and
 * MultiSurface, with gml:id `<fid>.geom`; see uniqueGmlIds). srsName: lon/lat GML 3.2 says CRS84
 * (ST_AsGML would write EPSG:4326, which WFS 2.0 clients read as lat/lon); lat/lon output says
 * urn:ogc:def:crs:EPSG::4326.
 */
export function featureGmlSql(ft: VectorFeatureType, alias: string, o: FeatureJsonOptions & { gml: GmlVersion; prefix: string }): string {
  if (!IDENT.test(o.prefix)) throw new Error(`bad prefix ${o.prefix}`);
  const el = `${o.prefix}:${ft.name}`;
  const forest = o.attrs.length ? `coalesce(xmlforest(${o.attrs.map((a) => `${alias}.${ident(a.name)} AS "${o.prefix}:${a.name}"`).join(', ')})::text, '')` : `''`;
  const geometry = o.geometry ? `coalesce('<${o.prefix}:geom>' || ${geometryGmlSql(ft, alias, o)} || '</${o.prefix}:geom>', '')` : `''`;
  const idAttr = o.gml === '2' ? 'fid' : 'gml:id';
  const [open, close] = o.gml === '3.2' ? ['<wfs:member>', '</wfs:member>'] : ['<gml:featureMember>', '</gml:featureMember>'];
  return `'${open}<${el} ${idAttr}="' || ${featureIdSql(ft, alias)} || '">' || ${forest} || ${geometry} || '</${el}>${close}'`;
}

/**
 * One GetPropertyValue member in SQL: `<wfs:member><prefix:name>value</prefix:name></wfs:member>`,
 * the value escaped by PostgreSQL (xmlelement) or the geometry as GML; NULL is the empty element.
 * `name` must be an attribute or the geometry of `ft` (checked by the caller).
 */
export function valueMemberSql(ft: VectorFeatureType, alias: string, name: string, o: FeatureJsonOptions & { gml: GmlVersion; prefix: string }): string {
  if (!IDENT.test(o.prefix)) throw new Error(`bad prefix ${o.prefix}`);
  const el = `${o.prefix}:${name}`;
  const value =
    name === ft.geometryColumn
      ? `coalesce('<${el}>' || ${geometryGmlSql(ft, alias, o)} || '</${el}>', '<${el}/>')`
      : `xmlelement(name "${el}", ${alias}.${ident(name)})::text`;
  return `'<wfs:member>' || ${value} || '</wfs:member>'`;
}

/** The feature id '<name>.<id>' in SQL. */
function featureIdSql(ft: VectorFeatureType, alias: string): string {
  return `${nameLiteral(ft.name)} || '.' || coalesce(${alias}.${ident(ft.idColumn)}::text, '')`;
}

/** The geometry as GML in SQL (NULL for a NULL geometry). */
function geometryGmlSql(ft: VectorFeatureType, alias: string, o: FeatureJsonOptions & { gml: GmlVersion }): string {
  const geomIn = outputGeometry(alias, o);
  const digits = Math.trunc(o.digits);
  // ST_AsGML options: 1 long CRS name (urn), 2 no srsDimension, 4 LineString rather than Curve
  const longCrs = o.latLon === true && o.srid === 4326 ? 1 : 0;
  if (o.gml === '2') return `ST_AsGML(2, ${geomIn}, ${digits}, ${longCrs})`;
  const gml = `ST_AsGML(3, ${geomIn}, ${digits}, ${6 | longCrs}, 'gml', ${featureIdSql(ft, alias)} || '.geom')`;
  return o.gml === '3.2' && o.srid === 4326 && !o.latLon ? `replace(${gml}, 'srsName="EPSG:4326"', 'srsName="urn:ogc:def:crs:OGC:1.3:CRS84"')` : gml;
}

/** A geometry element's start tag as ST_AsGML writes it (attribute text can hold no `<`, so this never matches inside values). */
const GEOMETRY_ID = /(<gml:[A-Za-z]+ (?:srsName="[^"]*" )?gml:id=")([^"]*\.geom)"/g;

/**
 * ST_AsGML gives the parts of a multi-geometry the same gml:id as the whole; GML ids must be
 * unique in a document (xs:ID, required on every GML 3.2 geometry), so repeats get `.1`, `.2`...
 */
export function uniqueGmlIds(members: string): string {
  const seen = new Map<string, number>();
  return members.replace(GEOMETRY_ID, (_m, start: string, id: string) => {
    const n = seen.get(id) ?? 0;
    seen.set(id, n + 1);
    return `${start}${n === 0 ? id : `${id}.${n}`}"`;
  });
}
