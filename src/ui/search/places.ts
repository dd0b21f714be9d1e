// The place search's data side (issue 11 item 2): asks the router's page=search, describes a
// place in Thai for its option, and moves the map to the chosen one, marks it there and, for a
// province, district or sub-district, asks the open page's area pickers to choose it (issue 24
// item 8).
import type { AppConfig } from '../../engine/types.ts';
import { isApiError } from '../../api/errors.ts';
import { thPlaceSearch as t } from '../../locale/placeSearch.ts';
import { mapStore } from '../../map/mapStore.ts';
import { routerRows } from '../../state/api.ts';
import { isValidBBox, type BBox } from '../topic/actions/fit.ts';
import { areaCodes, requestArea } from '../topic/areaRequest.ts';
import { pageStateStore } from '../urlState/pageState.ts';
import { markPlace } from './placeMarker.ts';

type PlaceKind = keyof typeof t.kinds;

export interface Place {
  kind: PlaceKind;
  code: string;
  name: string;
  name_en: string | null;
  province: string | null;
  district: string | null;
  bbox: BBox | null;
  /** [lon, lat] on the place, where the map marks it. */
  point: [number, number] | null;
}

/** Results shown at most (the router's default limit). */
const SEARCH_LIMIT = 10;

/** Whether a query is worth sending: the router refuses one without a letter or digit. */
export const searchable = (q: string): boolean => /[\p{L}\p{N}]/u.test(q);

const isPlace = (row: unknown): row is Place => {
  const p = row as Partial<Place> | null;
  return !!p && typeof p.kind === 'string' && p.kind in t.kinds && typeof p.code === 'string' && typeof p.name === 'string';
};

/** The places matching `q`; [] when the router refuses the text (a character it does not take). */
export async function findPlaces(app: AppConfig, q: string): Promise<Place[]> {
  try {
    const rows = await routerRows(app, { page: 'search', q, limit: String(SEARCH_LIMIT) });
    return rows.filter(isPlace);
  } catch (error) {
    if (isApiError(error) && error.status === 400) return [];
    throw error;
  }
}

/** 'ตำบล · อ.เมืองสงขลา จ.สงขลา' under the name of an option. */
export function placeDetail(place: Place): string {
  const where = [place.district && `${t.districtPrefix}${place.district}`, place.province && `${t.provincePrefix}${place.province}`].filter(Boolean).join(' ');
  return [t.kinds[place.kind], where, place.name_en].filter(Boolean).join(' · ');
}

const isLonLat = (p: unknown): p is [number, number] =>
  Array.isArray(p) && p.length === 2 && typeof p[0] === 'number' && typeof p[1] === 'number' && Math.abs(p[0]) <= 180 && Math.abs(p[1]) <= 90;

/** Fits the map to the place's box (animated), or flies to it when the box is a point; marks the
 *  place and asks the open page's area pickers to choose it. */
export function goToPlace(app: AppConfig, place: Place): void {
  requestArea(pageStateStore.get().pageKey, areaCodes(place.kind, place.code));
  const map = mapStore.get().map;
  if (!map) return;
  if (isLonLat(place.point)) markPlace(map, place.point, place.name);
  if (!isValidBBox(place.bbox)) return;
  const [x0, y0, x1, y1] = place.bbox;
  if (x0 === x1 && y0 === y1) {
    map.flyTo({ center: [x0, y0], zoom: app.map.flyToZoom });
    return;
  }
  map.fitBounds(
    [
      [x0, y0],
      [x1, y1],
    ],
    { padding: app.map.resultPadding, maxZoom: app.map.fitMaxZoom },
  );
}
