// Source coordinate systems: recognised from a .prj (ESRI or OGC WKT 1, or WKT 2), a GeoJSON
// `crs` member or an --srs option, and mapped to a fixed proj4 definition. Only systems we can
// transform correctly are accepted; anything else is refused with a clear message rather than
// guessed (a wrong datum shifts Thai data by hundreds of metres).

import proj4 from 'proj4';

export interface KnownCrs {
  epsg: number;
  name: string;
  proj4: string;
}

// Indian 1975 to WGS 84: the Thailand onshore 7-parameter transformation (EPSG:1812, 3 m), the
// one PROJ/GDAL choose on land. Position vector convention, as proj4's +towgs84.
const INDIAN_1975 = '+a=6377276.345 +rf=300.8017 +towgs84=293,836,318,0.5,1.6,-2.8,2.1';

export const KNOWN_CRS: readonly KnownCrs[] = [
  { epsg: 4326, name: 'WGS 84', proj4: '+proj=longlat +datum=WGS84 +no_defs' },
  { epsg: 32647, name: 'WGS 84 / UTM zone 47N', proj4: '+proj=utm +zone=47 +datum=WGS84 +units=m +no_defs' },
  { epsg: 32648, name: 'WGS 84 / UTM zone 48N', proj4: '+proj=utm +zone=48 +datum=WGS84 +units=m +no_defs' },
  { epsg: 4240, name: 'Indian 1975', proj4: `+proj=longlat ${INDIAN_1975} +no_defs` },
  { epsg: 24047, name: 'Indian 1975 / UTM zone 47N', proj4: `+proj=utm +zone=47 ${INDIAN_1975} +units=m +no_defs` },
  { epsg: 24048, name: 'Indian 1975 / UTM zone 48N', proj4: `+proj=utm +zone=48 ${INDIAN_1975} +units=m +no_defs` },
  {
    epsg: 3857,
    name: 'WGS 84 / Pseudo-Mercator',
    proj4: '+proj=merc +a=6378137 +b=6378137 +lat_ts=0 +lon_0=0 +x_0=0 +y_0=0 +k=1 +units=m +nadgrids=@null +no_defs',
  },
];

const ALIASES: Record<number, number> = { 900913: 3857, 3785: 3857, 102100: 3857, 102113: 3857, 4979: 4326 };

const SUPPORTED_CRS_TEXT = KNOWN_CRS.map((crs) => `EPSG:${crs.epsg}`).join(', ');

export class CrsError extends Error {
  override name = 'CrsError';
}

function crsByCode(code: number): KnownCrs | null {
  const epsg = ALIASES[code] ?? code;
  return KNOWN_CRS.find((crs) => crs.epsg === epsg) ?? null;
}

/** 'EPSG:32647', '32647', 'urn:ogc:def:crs:EPSG::32647', '.../def/crs/EPSG/0/32647', 'CRS84'. */
export function crsByName(text: string): KnownCrs | null {
  const value = text.trim();
  if (/(^|[:/])CRS:?84$/i.test(value) || /OGC:1\.3:CRS84$/i.test(value)) return crsByCode(4326);
  const match = /^(?:EPSG:{1,2}|urn:ogc:def:crs:EPSG:[\d.]*:|https?:\/\/www\.opengis\.net\/def\/crs\/EPSG\/[\d.]+\/)?(\d+)$/i.exec(value);
  return match ? crsByCode(Number(match[1])) : null;
}

// ---- WKT ----------------------------------------------------------------------------------

interface WktNode {
  keyword: string;
  args: (string | number | WktNode)[];
}

/** Parses WKT (1 or 2) into nodes; throws CrsError on malformed text. */
function parseWkt(text: string): WktNode {
  let i = 0;
  const fail = (what: string): never => {
    throw new CrsError(`malformed WKT (${what} at character ${i + 1})`);
  };
  const space = () => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };
  const node = (): WktNode => {
    space();
    const start = i;
    while (i < text.length && /[A-Za-z0-9_]/.test(text[i]!)) i++;
    const keyword = text.slice(start, i).toUpperCase();
    if (!keyword) fail('expected a keyword');
    space();
    const open = text[i];
    if (open !== '[' && open !== '(') return { keyword, args: [] };
    const close = open === '[' ? ']' : ')';
    i++;
    const args: WktNode['args'] = [];
    for (;;) {
      space();
      const c = text[i];
      if (c === undefined) fail('unexpected end');
      if (c === '"') {
        let value = '';
        i++;
        for (;;) {
          const d = text[i];
          if (d === undefined) fail('unterminated string');
          if (d === '"') {
            if (text[i + 1] === '"') {
              value += '"';
              i += 2;
              continue;
            }
            i++;
            break;
          }
          value += d;
          i++;
        }
        args.push(value);
      } else if (/[-+.\d]/.test(c!)) {
        const start2 = i;
        while (i < text.length && /[-+.\deE]/.test(text[i]!)) i++;
        const number = Number(text.slice(start2, i));
        if (Number.isNaN(number)) fail('bad number');
        args.push(number);
      } else {
        args.push(node());
      }
      space();
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === close) {
        i++;
        return { keyword, args };
      }
      fail('expected , or ' + close);
    }
  };
  const root = node();
  space();
  if (i < text.length) fail('trailing text');
  return root;
}

function children(node: WktNode, ...keywords: string[]): WktNode[] {
  return node.args.filter((arg): arg is WktNode => typeof arg === 'object' && keywords.includes(arg.keyword));
}

function child(node: WktNode, ...keywords: string[]): WktNode | undefined {
  return children(node, ...keywords)[0];
}

function nameOf(node: WktNode | undefined): string {
  const first = node?.args[0];
  return typeof first === 'string' ? first : '';
}

/** Lower case letters and digits only: 'D_WGS_1984', 'WGS 84' and 'WGS_1984' compare well. */
function key(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '');
}

function authorityCode(node: WktNode): number | null {
  for (const id of children(node, 'AUTHORITY', 'ID')) {
    const [authority, code] = id.args;
    if (typeof authority === 'string' && authority.toUpperCase() === 'EPSG' && (typeof code === 'string' || typeof code === 'number')) {
      const number = Number(code);
      if (Number.isInteger(number)) return number;
    }
  }
  return null;
}

type Datum = 'wgs84' | 'indian1975' | null;

function datumOf(geographic: WktNode | undefined): Datum {
  if (!geographic) return null;
  const datum = child(geographic, 'DATUM', 'GEODETICDATUM', 'TRF');
  const name = key(nameOf(datum));
  const ellipsoid = datum ? child(datum, 'SPHEROID', 'ELLIPSOID') : undefined;
  const a = ellipsoid?.args[1];
  if (['wgs1984', 'dwgs1984', 'wgs84', 'worldgeodeticsystem1984'].includes(name) || (name.includes('wgs1984') && a === 6378137)) {
    return 'wgs84';
  }
  if (name.includes('indian1975') && (a === undefined || a === 6377276.345)) return 'indian1975';
  return null;
}

function parameters(node: WktNode): Map<string, number> {
  const out = new Map<string, number>();
  const conversion = child(node, 'CONVERSION') ?? node;
  for (const parameter of children(conversion, 'PARAMETER')) {
    const [name, value] = parameter.args;
    if (typeof name === 'string' && typeof value === 'number') out.set(key(name), value);
  }
  return out;
}

function projectionName(node: WktNode): string {
  const conversion = child(node, 'CONVERSION');
  if (conversion) return key(nameOf(child(conversion, 'METHOD', 'PROJECTION')));
  return key(nameOf(child(node, 'PROJECTION')));
}

/** Whether a projected CRS's length unit (WKT 1: on the CRS; WKT 2: there or on each axis) is the metre. */
function metres(node: WktNode): boolean {
  const units = [node, ...children(node, 'AXIS')].flatMap((n) => children(n, 'UNIT', 'LENGTHUNIT'));
  return units.length === 0 || units.every((unit) => unit.args[1] === 1);
}

function identify(root: WktNode): KnownCrs | null {
  const code = authorityCode(root);
  if (code !== null) return crsByCode(code);
  const kind = root.keyword;
  if (['GEOGCS', 'GEOGCRS', 'GEODCRS', 'GEOGRAPHICCRS'].includes(kind)) {
    const datum = datumOf(root);
    return datum === 'wgs84' ? crsByCode(4326) : datum === 'indian1975' ? crsByCode(4240) : null;
  }
  if (!['PROJCS', 'PROJCRS', 'PROJECTEDCRS'].includes(kind)) return null;
  const datum = datumOf(child(root, 'GEOGCS', 'BASEGEOGCRS', 'BASEGEODCRS'));
  const projection = projectionName(root);
  const p = parameters(root);
  const get = (...names: string[]): number | undefined => names.map((name) => p.get(name)).find((v) => v !== undefined);
  const name = key(nameOf(root));
  if (datum === 'wgs84' && (projection === 'mercatorauxiliarysphere' || projection.includes('pseudomercator') || /webmercator|pseudomercator/.test(name))) {
    return crsByCode(3857);
  }
  if (projection !== 'transversemercator' || !metres(root)) return null;
  const centralMeridian = get('centralmeridian', 'longitudeofnaturalorigin', 'longitudeoforigin');
  const isUtmNorth =
    (get('latitudeoforigin', 'latitudeofnaturalorigin') ?? 0) === 0 &&
    get('scalefactor', 'scalefactoratnaturalorigin') === 0.9996 &&
    get('falseeasting') === 500000 &&
    (get('falsenorthing') ?? 0) === 0;
  if (!isUtmNorth || (centralMeridian !== 99 && centralMeridian !== 105)) return null;
  const zone = centralMeridian === 99 ? 47 : 48;
  if (datum === 'wgs84') return crsByCode(32600 + zone);
  if (datum === 'indian1975') return crsByCode(24000 + zone);
  return null;
}

/** The coordinate system of a .prj; throws CrsError when it is not one we can transform. */
export function crsFromPrj(text: string): KnownCrs {
  const root = parseWkt(text.replace(/^\uFEFF/, '').trim());
  const crs = identify(root);
  if (!crs) {
    throw new CrsError(`unsupported coordinate system "${nameOf(root) || root.keyword}"; supported: ${SUPPORTED_CRS_TEXT} (or give --srs)`);
  }
  return crs;
}

// ---- transformation -------------------------------------------------------------------------

export type Transform = (x: number, y: number) => [number, number];

/** A function from the CRS's coordinates to WGS 84 lon/lat; null when it is WGS 84 already. */
export function transformTo4326(crs: KnownCrs): Transform | null {
  if (crs.epsg === 4326) return null;
  const converter = proj4(crs.proj4, '+proj=longlat +datum=WGS84 +no_defs');
  return (x, y) => {
    const [lon, lat] = converter.forward([x, y]);
    return [lon!, lat!];
  };
}
