// HF radar stations (21 in the six zones of config/topics/radar.yaml) placed at evenly spaced
// sub-districts of each zone's coast, their surface current vectors on a 0.1° grid over the sea
// within ~60 km (a seeded smooth flow field, one time step), and 22 CCTV cameras at well-known
// beaches. Positions are on our sample coastline; codes, sites and links are synthetic.

import type { Queryable } from '../../db/types.ts';
import { bulkInsert, point } from './bulkInsert.ts';
import { distance, moveBy, type LonLat } from './geo.ts';
import { Rng, smoothNoise } from './prng.ts';
import type { CoastModel, Segment } from './segments.ts';

const RADAR_ZONES = [
  { no: 1, name: 'อ่าวไทยตอนบน', stations: 4, provinces: ['20', '24', '11', '10', '74', '75', '76'] },
  { no: 2, name: 'อ่าวไทยฝั่งตะวันออก', stations: 4, provinces: ['23', '22', '21'] },
  { no: 3, name: 'อ่าวไทยฝั่งตะวันตก', stations: 4, provinces: ['77', '86'] },
  { no: 4, name: 'อ่าวไทยตอนล่าง', stations: 3, provinces: ['84', '80', '90', '94', '96'] },
  { no: 5, name: 'ทะเลอันดามันตอนบน', stations: 3, provinces: ['85', '82', '83'] },
  { no: 6, name: 'ทะเลอันดามันตอนล่าง', stations: 3, provinces: ['81', '92', '91'] },
] as const;

/** Beaches with CCTV: district code, sub-district name (as listed) and the beach name shown. */
const CCTV_SITES: readonly { amp: string; tam: string; site: string }[] = [
  { amp: '2302', tam: 'หาดเล็ก', site: 'บ้านหาดเล็ก' },
  { amp: '2206', tam: 'ปากน้ำแหลมสิงห์', site: 'หาดแหลมสิงห์' },
  { amp: '2101', tam: 'เพ', site: 'หาดบ้านเพ' },
  { amp: '2009', tam: 'นาจอมเทียน', site: 'หาดจอมเทียน' },
  { amp: '2004', tam: 'หนองปรือ', site: 'หาดพัทยา' },
  { amp: '2001', tam: 'แสนสุข', site: 'หาดบางแสน' },
  { amp: '1101', tam: 'บางปู', site: 'สถานตากอากาศบางปู' },
  { amp: '7601', tam: 'หาดเจ้าสำราญ', site: 'หาดเจ้าสำราญ' },
  { amp: '7604', tam: 'ชะอำ', site: 'หาดชะอำ' },
  { amp: '7707', tam: 'หัวหิน', site: 'หาดหัวหิน' },
  { amp: '7701', tam: 'อ่าวน้อย', site: 'อ่าวมะนาว' },
  { amp: '7704', tam: 'แม่รำพึง', site: 'หาดบ้านกรูด' },
  { amp: '8601', tam: 'หาดทรายรี', site: 'หาดทรายรี' },
  { amp: '8015', tam: 'ขนอม', site: 'หาดขนอม' },
  { amp: '9001', tam: 'บ่อยาง', site: 'หาดสมิหลา' },
  { amp: '9401', tam: 'รูสะมิแล', site: 'หาดรูสะมิแล' },
  { amp: '9601', tam: 'บางนาค', site: 'หาดนราทัศน์' },
  { amp: '8205', tam: 'คึกคัก', site: 'หาดเขาหลัก' },
  { amp: '8302', tam: 'ป่าตอง', site: 'หาดป่าตอง' },
  { amp: '8301', tam: 'กะรน', site: 'หาดกะรน' },
  { amp: '8101', tam: 'อ่าวนาง', site: 'หาดอ่าวนาง' },
  { amp: '9205', tam: 'ไม้ฝาด', site: 'หาดปากเมง' },
];

/** Reserved .invalid host (RFC 2606): the sample has no real camera streams. */
const CCTV_LINK_BASE = 'https://cctv.sample.invalid/live/';
const CURRENT_TIME = '2024-06-15T07:00:00+07:00';

function midpoint(seg: Segment): LonLat {
  return seg.parent.base[Math.floor((seg.i0 + seg.i1) / 2)]!;
}

function stationCode(nameEn: string, taken: Set<string>): string {
  const letters = nameEn.toUpperCase().replace(/[^A-Z ]/g, '');
  const words = letters.split(' ').filter(Boolean);
  let code = words.length > 1 ? (words.map((w) => w[0]).join('') + words.at(-1)!.slice(1)).slice(0, 4) : letters.slice(0, 4);
  code = code.padEnd(4, 'X');
  for (let n = 2; taken.has(code); n++) code = code.slice(0, 3) + String(n);
  taken.add(code);
  return code;
}

const site = (seg: Segment) => `ต.${seg.admin.tam?.nameTh ?? '-'} อ.${seg.admin.amp.nameTh} จ.${seg.admin.prv.nameTh}`;

export async function insertStations(tx: Queryable, model: CoastModel, seed: string): Promise<{ radar: number; currents: number; cctv: number }> {
  const rng = new Rng(seed).fork('stations');
  const mainland = model.segments.filter((s) => s.zone === 'mainland');
  const taken = new Set<string>();
  const radar: { id: number; code: string; zone: (typeof RADAR_ZONES)[number]; seg: Segment; at: LonLat }[] = [];
  for (const zone of RADAR_ZONES) {
    const coast = mainland.filter((s) => (zone.provinces as readonly string[]).includes(s.admin.prv.code));
    for (let k = 0; k < zone.stations; k++) {
      const seg = coast[Math.floor(((k + 0.5) * coast.length) / zone.stations)]!;
      radar.push({ id: radar.length + 1, code: stationCode(seg.admin.tam?.nameEn ?? seg.admin.amp.nameEn, taken), zone, seg, at: midpoint(seg) });
    }
  }
  const adminCols = ['prv_code', 'amp_code', 'tam_code'].map((name) => ({ name, type: 'text' as const }));
  const adminOf = (seg: Segment) => [seg.admin.prv.code, seg.admin.amp.code, seg.admin.tam?.code ?? null];
  await bulkInsert(
    tx,
    'radar_station',
    [
      { name: 'id', type: 'int' },
      ...['code', 'site', 'band'].map((name) => ({ name, type: 'text' as const })),
      { name: 'zone_no', type: 'int' },
      { name: 'zone_name', type: 'text' },
      ...adminCols,
      { name: 'geom', type: 'geom' },
    ],
    radar.map((s) => [s.id, s.code, site(s.seg), 'HF Radar', s.zone.no, s.zone.name, ...adminOf(s.seg), point(s.at)]),
  );

  // Current vectors: 0.1° grid cells over the sea within ~60 km of a station.
  const candidates: { at: LonLat; station: (typeof radar)[number] }[] = [];
  const seen = new Set<string>();
  for (const station of radar) {
    const [x0, y0] = station.at;
    for (let x = Math.round((x0 - 0.6) * 10); x <= Math.round((x0 + 0.6) * 10); x++) {
      for (let y = Math.round((y0 - 0.6) * 10); y <= Math.round((y0 + 0.6) * 10); y++) {
        const at: LonLat = [x / 10, y / 10];
        const key = `${x}:${y}`;
        if (seen.has(key) || distance(at, station.at) > 60_000) continue;
        const nearest = radar.reduce((best, s) => (distance(at, s.at) < distance(at, best.at) ? s : best));
        seen.add(key);
        candidates.push({ at, station: nearest });
      }
    }
  }
  const { rows: sea } = await tx.query<{ n: number }>(
    `SELECT n::integer FROM json_array_elements($1::json) WITH ORDINALITY AS x(p, n)
     WHERE NOT EXISTS (
       SELECT 1 FROM land l
       WHERE ST_Intersects(l.geom, ST_SetSRID(ST_MakePoint((p->>0)::float8, (p->>1)::float8), 4326))
     ) ORDER BY n`,
    [JSON.stringify(candidates.map((c) => c.at))],
  );
  // smooth fields over a 1-D walk of the grid (lon and lat folded into one axis, 0..100)
  const speed = smoothNoise(rng.fork('speed'), 0.4, 100, (r) => r.range(0, 1));
  const turn = smoothNoise(rng.fork('turn'), 0.3, 100, (r) => r.range(-60, 60));
  const axis = (x: number, y: number) => (x - 96) * 5 + (y - 4) * 3;
  const currents = sea.map(({ n }) => {
    const c = candidates[n - 1]!;
    const [x, y] = c.at;
    // a slow basin-wide circulation (anticlockwise in the Gulf, north-going off the Andaman coast) plus local swirls
    const base = x > 99.5 ? (Math.atan2(-(x - 101), y - 9) * 180) / Math.PI + 90 : 340;
    const direction = (((base + turn(axis(x, y) * 0.9)) % 360) + 360) % 360;
    const velocity = Math.round((5 + 55 * Math.min(1, Math.max(0, speed(axis(x, y))))) * 10) / 10;
    const length = velocity * 40; // metres drawn per cm/s
    const rad = (direction * Math.PI) / 180;
    const tip = moveBy(c.at, Math.sin(rad) * length, Math.cos(rad) * length);
    return [c.station.id, c.station.code, velocity, Math.round(direction * 10) / 10, y, x, CURRENT_TIME, { type: 'LineString', coordinates: [c.at, tip] }];
  });
  await bulkInsert(
    tx,
    'radar_current',
    [
      { name: 'station_id', type: 'int' },
      { name: 'sitename', type: 'text' },
      { name: 'velocity', type: 'float' },
      { name: 'direction', type: 'float' },
      { name: 'latitude', type: 'float' },
      { name: 'longtitude', type: 'float' },
      { name: 'time_stamp', type: 'timestamptz' },
      { name: 'geom', type: 'geom' },
    ],
    currents,
  );

  const cctv = CCTV_SITES.map((c, i) => {
    const seg = mainland.find((s) => s.admin.amp.code === c.amp && s.admin.tam?.nameTh === c.tam);
    if (!seg) throw new Error(`no coast segment for CCTV site ${c.site} (${c.amp} ${c.tam})`);
    const code = `CCTV${String(i + 1).padStart(2, '0')}`;
    return [i + 1, code, c.site, 'CCTV', `${CCTV_LINK_BASE}${code}`, ...adminOf(seg), point(midpoint(seg))];
  });
  await bulkInsert(
    tx,
    'cctv',
    [
      { name: 'id', type: 'int' },
      ...['code', 'site', 'band', 'link'].map((name) => ({ name, type: 'text' as const })),
      ...adminCols,
      { name: 'geom', type: 'geom' },
    ],
    cctv,
  );
  return { radar: radar.length, currents: currents.length, cctv: cctv.length };
}
