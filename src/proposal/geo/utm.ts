/**
 * Latitude/longitude -> UTM (WGS 84) for the proposal PDF (SPEC.md §9: "UTM zone parameter 47
 * for the PDF"). The zone is fixed by the caller, not derived from the longitude: Thailand spans
 * zones 47 and 48, and the proposal document reports every point in zone 47N (extended zone for
 * points east of 102°E, where Transverse Mercator stays accurate to well under a metre at
 * these distances from the central meridian 99°E).
 */
import proj4 from 'proj4';

export const PROPOSAL_UTM_ZONE = 47;

interface LatLng {
  lat: number;
  lng: number;
}

interface Utm {
  zone: number;
  hemisphere: 'N' | 'S';
  /** metres */
  easting: number;
  /** metres (false northing 10,000,000 m in the southern hemisphere) */
  northing: number;
}

/** The form's coordinate text: 'lat,lng' with at most one space after the comma (SPEC.md §5). */
const LAT_LNG = /^\s*(-?\d+(?:\.\d+)?),\s?(-?\d+(?:\.\d+)?)\s*$/;

/** Parses 'lat, lng'; null when the text is not a valid coordinate pair (same ranges as the schema). */
export function parseLatLng(text: unknown): LatLng | null {
  if (typeof text !== 'string') return null;
  const m = LAT_LNG.exec(text);
  if (!m) return null;
  const lat = Number(m[1]);
  const lng = Number(m[2]);
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}

const converters = new Map<string, proj4.Converter>();

function converter(zone: number, south: boolean): proj4.Converter {
  const key = `${zone}${south ? 'S' : 'N'}`;
  let c = converters.get(key);
  if (!c) {
    c = proj4('EPSG:4326', `+proj=utm +zone=${zone}${south ? ' +south' : ''} +datum=WGS84 +units=m +no_defs`);
    converters.set(key, c);
  }
  return c;
}

/** WGS 84 lat/lng (degrees) to UTM easting/northing in the given zone (default 47). */
export function toUtm(lat: number, lng: number, zone: number = PROPOSAL_UTM_ZONE): Utm {
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) {
    throw new RangeError(`not a WGS 84 coordinate: ${lat}, ${lng}`);
  }
  if (!Number.isInteger(zone) || zone < 1 || zone > 60) throw new RangeError(`not a UTM zone: ${zone}`);
  const south = lat < 0;
  const [easting, northing] = converter(zone, south).forward([lng, lat]);
  return { zone, hemisphere: south ? 'S' : 'N', easting: easting!, northing: northing! };
}
