// The map state in the URL (issue 11): a versioned, compact, readable query such as
//   ?v=1&c=100.5200,13.7500&z=6.00&p.province=90&p.islands=12,15&rows=cmline-2567,~cmline-2566&bm=offline&sat=2567
// c = centre (lng,lat), z = zoom, p.<picker> = chosen codes, rows = the rows' layers top first
// ('~' = hidden), bm = base map, sat = satellite year; compare mode (issue 25) adds
// &cmp=swipe|split&cmpy=<left>,<right>&cmpx=<divider %>. Pure: encode and decode only; what a value
// means for a page is checked by restorePlan.ts. Old versions keep decoding as long as they are listed.

const URL_STATE_VERSION = 1;

export interface UrlRow {
  id: string;
  visible: boolean;
}

export interface UrlState {
  view?: { center: [number, number]; zoom: number };
  /** Picker id -> chosen codes (one for a single picker). */
  pickers: Record<string, string[]>;
  /** Layers of toggle rows, top of the layer list first. */
  rows: UrlRow[];
  basemap?: string;
  satellite?: number;
  compare?: UrlCompare;
}

/** Compare mode (issue 25): the view, each side's year and the divider's place in percent. */
export interface UrlCompare {
  mode: 'swipe' | 'split';
  left?: string;
  right?: string;
  position?: number;
}

interface Decoded {
  /** null when the URL carries no map state (or a version we cannot read). */
  state: UrlState | null;
  /** What was ignored, in plain words (the app shows one toast when there is any). */
  problems: string[];
}

/** Query keys that are not map state but must survive (QA mode, the admin's ?debug=1 panel). */
const PASSTHROUGH = new Set(['qa', 'debug']);
const ID = /^[a-z][a-z0-9_-]*$/i;
const PICKER_PREFIX = 'p.';

/** A component of the query: percent-encoded except the characters that stay readable. */
function part(value: string): string {
  return encodeURIComponent(value).replace(/%2C/gi, ',');
}

const listValue = (items: readonly string[]) => items.map((s) => encodeURIComponent(s)).join(',');

export function encodeUrlState(state: UrlState, keep: Readonly<Record<string, string>> = {}): string {
  const pairs: Array<[string, string]> = [['v', String(URL_STATE_VERSION)]];
  if (state.view) {
    const [lng, lat] = state.view.center;
    pairs.push(['c', `${lng.toFixed(4)},${lat.toFixed(4)}`], ['z', state.view.zoom.toFixed(2)]);
  }
  for (const [id, codes] of Object.entries(state.pickers)) if (codes.length > 0) pairs.push([`${PICKER_PREFIX}${id}`, listValue(codes)]);
  if (state.rows.length > 0) pairs.push(['rows', state.rows.map((r) => `${r.visible ? '' : '~'}${encodeURIComponent(r.id)}`).join(',')]);
  if (state.basemap) pairs.push(['bm', state.basemap]);
  if (state.satellite !== undefined) pairs.push(['sat', String(state.satellite)]);
  if (state.compare) pairs.push(...compareToPairs(state.compare));
  for (const [key, value] of Object.entries(keep)) pairs.push([key, part(value)]);
  // List values are already encoded item by item (their commas separate items).
  return `?${pairs.map(([k, v]) => `${part(k)}=${v}`).join('&')}`;
}

/** The raw pairs of a query, values still percent-encoded (a comma inside an item is %2C). */
function rawPairs(search: string): Array<[string, string]> {
  return search
    .replace(/^\?/, '')
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      const key = at < 0 ? pair : pair.slice(0, at);
      return [safeDecode(key.replace(/\+/g, ' ')) ?? key, at < 0 ? '' : pair.slice(at + 1)];
    });
}

function safeDecode(s: string): string | null {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
}

function listOf(raw: string): string[] | null {
  const items = raw.split(',').map((s) => safeDecode(s.replace(/\+/g, ' ')));
  return items.length > 0 && items.every((s): s is string => s !== null && s.trim() !== '') ? items : null;
}

function numberPair(raw: string): [number, number] | null {
  const parts = raw.split(',');
  if (parts.length !== 2) return null;
  const [a, b] = parts.map((p) => (/^-?\d+(\.\d+)?$/.test(p.trim()) ? Number(p) : NaN)) as [number, number];
  return Number.isFinite(a) && Number.isFinite(b) ? [a, b] : null;
}

/** The non-state keys to carry over into the next URL (e.g. qa=1). */
export function passthroughOf(search: string): Record<string, string> {
  return Object.fromEntries(rawPairs(search).filter(([k]) => PASSTHROUGH.has(k)).map(([k, v]) => [k, safeDecode(v) ?? '']));
}

export function decodeUrlState(search: string): Decoded {
  const pairs = rawPairs(search).filter(([k]) => !PASSTHROUGH.has(k));
  if (pairs.length === 0) return { state: null, problems: [] };
  const problems: string[] = [];
  const version = pairs.find(([k]) => k === 'v')?.[1];
  if (version !== undefined && version !== String(URL_STATE_VERSION)) return { state: null, problems: [`v=${version}: unknown version`] };
  const state: UrlState = { pickers: {}, rows: [] };
  let center: [number, number] | null = null;
  let zoom: number | null = null;
  const bad = (key: string, raw: string) => problems.push(`${key}=${raw}`);
  for (const [key, encoded] of pairs) {
    if (key === 'v') continue;
    // Lists decode item by item (an item may hold a %2C); single values decode whole.
    const raw = key === 'rows' || key.startsWith(PICKER_PREFIX) ? encoded : (safeDecode(encoded.replace(/\+/g, ' ')) ?? encoded);
    if (key === 'c') {
      const pair = numberPair(raw);
      if (pair && Math.abs(pair[0]) <= 180 && Math.abs(pair[1]) <= 90) center = pair;
      else bad(key, raw);
    } else if (key === 'z') {
      const z = /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : NaN;
      if (z >= 0 && z <= 24) zoom = z;
      else bad(key, raw);
    } else if (key.startsWith(PICKER_PREFIX) && ID.test(key.slice(PICKER_PREFIX.length))) {
      const codes = listOf(raw);
      if (codes) state.pickers[key.slice(PICKER_PREFIX.length)] = codes;
      else bad(key, safeDecode(raw) ?? raw);
    } else if (key === 'rows') {
      for (const item of listOf(raw) ?? []) {
        const visible = !item.startsWith('~');
        const id = visible ? item : item.slice(1);
        if (ID.test(id) && !state.rows.some((r) => r.id === id)) state.rows.push({ id, visible });
        else bad(key, item);
      }
    } else if (key === 'bm') {
      if (ID.test(raw)) state.basemap = raw;
      else bad(key, raw);
    } else if (key === 'sat') {
      if (/^\d{4}$/.test(raw)) state.satellite = Number(raw);
      else bad(key, raw);
    } else if (COMPARE_KEYS.has(key)) {
      if (!readCompare(state, key, raw)) bad(key, raw);
    } else bad(key, raw);
  }
  if (state.compare && !state.compare.mode) {
    problems.push('cmpy and cmpx need cmp');
    delete state.compare;
  }
  if (center && zoom !== null) state.view = { center, zoom };
  else if (center || zoom !== null) problems.push('c and z go together');
  return { state, problems };
}

const COMPARE_KEYS = new Set(['cmp', 'cmpy', 'cmpx']);

function compareToPairs(c: UrlCompare): Array<[string, string]> {
  const pairs: Array<[string, string]> = [['cmp', c.mode]];
  if (c.left && c.right) pairs.push(['cmpy', `${c.left},${c.right}`]);
  if (c.mode === 'swipe' && c.position !== undefined) pairs.push(['cmpx', String(c.position)]);
  return pairs;
}

/** Reads one compare key into `state.compare`; false when its value is not one. */
function readCompare(state: UrlState, key: string, raw: string): boolean {
  const c = (state.compare ??= {} as UrlCompare);
  if (key === 'cmp' && (raw === 'swipe' || raw === 'split')) c.mode = raw;
  else if (key === 'cmpy' && /^\d{4},\d{4}$/.test(raw)) [c.left, c.right] = raw.split(',') as [string, string];
  else if (key === 'cmpx' && /^\d{1,3}(\.\d)?$/.test(raw) && Number(raw) <= 100) c.position = Number(raw);
  else return false;
  return true;
}
