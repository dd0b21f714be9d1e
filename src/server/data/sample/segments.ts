// Cuts the coastlines into coastline segments, the unit of every table: one segment = one
// sub-district's piece of coast (mainland and Songkhla Lake shore), or one island outline.

import { LAKE_MOUTH, LINE_PLANS, PHUKET_CENTRE, PREFERRED_SUBDISTRICTS, type LinePlan, type Stretch } from './coastPlan.ts';
import { cumulative, densify, distance, nearestVertex, rotateRing, signedArea2, type LonLat } from './geo.ts';
import { ISLANDS, LAKE_ISLANDS, type IslandDef } from './islands.ts';
import type { NaturalEarthCoast } from './naturalEarth.ts';
import { Rng } from './prng.ts';
import type { AdminName, District, Province, SubDistrict } from './thaiAdmin.ts';

type Zone = 'mainland' | 'island' | 'lake_land' | 'lake_island';

/** Vertex spacing of the sample lines (m). */
const STEP_M = 300;
const ISLAND_STEP_M = 200;
/** About one sub-district piece per this many metres of a district's coast. */
const SUBDISTRICT_M = 9000;

export interface ParentLine {
  id: string;
  zone: Zone;
  closed: boolean;
  base: LonLat[];
  cum: number[];
  /** Province code at each vertex (drives the regional erosion trend). */
  prvAt: string[];
}

interface AdminRef {
  prv: AdminName;
  amp: AdminName;
  tam: SubDistrict | null;
}

export interface Segment {
  key: string;
  zone: Zone;
  parent: ParentLine;
  /** Vertex range [i0, i1] in the parent line (shared end vertices with the neighbours). */
  i0: number;
  i1: number;
  admin: AdminRef;
  /** Index into `islands` (island zone) or lake island id (lake_island zone). */
  islandIndex?: number;
  lakeIslandId?: number;
  /** For mainland segments: the plan stretch it belongs to, in geographic order. */
  stretchKey?: string;
  /** District piece within the stretch, in geographic order. */
  districtPiece?: number;
  /** Position along the whole coast in geographic order (sorting key). */
  order: number;
}

interface BuiltIsland {
  def: IslandDef;
  ring: LonLat[];
  source: 'natural_earth' | 'approximate';
  admin: AdminRef;
}

export interface CoastModel {
  parents: ParentLine[];
  segments: Segment[];
  islands: BuiltIsland[];
  lakeIslands: (BuiltIsland & { id: number })[];
}

function district(admin: Map<string, Province>, prv: string, amp: string): { p: Province; d: District } {
  const p = admin.get(prv);
  const d = p?.districts.get(amp);
  if (!p || !d) throw new Error(`district ${amp} of province ${prv} missing from the admin list`);
  if (d.subdistricts.length === 0) throw new Error(`district ${amp} has no sub-districts`);
  return { p, d };
}

function tambonByName(d: District, nameTh: string): SubDistrict {
  return d.subdistricts.find((s) => s.nameTh === nameTh) ?? d.subdistricts[0]!;
}

/** Splits [a, b] into `weights.length` vertex ranges of about proportional length. */
function splitRange(cum: readonly number[], a: number, b: number, weights: readonly number[]): number[] {
  const total = weights.reduce((s, w) => s + w, 0);
  const cuts = [a];
  let acc = 0;
  for (let k = 0; k < weights.length - 1; k++) {
    acc += weights[k]!;
    const target = cum[a]! + ((cum[b]! - cum[a]!) * acc) / total;
    let i = cuts[k]! + 1;
    while (i < b && cum[i]! < target) i++;
    const remaining = weights.length - 1 - k;
    cuts.push(Math.min(Math.max(i, cuts[k]! + 2), b - 2 * remaining));
  }
  cuts.push(b);
  return cuts;
}

function orientPlan(plan: LinePlan, line: readonly LonLat[]): { stretches: Stretch[]; reversed: boolean } {
  const reversed = plan.id !== 'phuket' && distance(line[0]!, plan.start) > distance(line[line.length - 1]!, plan.start);
  if (!reversed) return { stretches: plan.stretches, reversed };
  const n = plan.stretches.length;
  const stretches = plan.stretches.map((_, i) => {
    const s = plan.stretches[n - 1 - i]!;
    const end = i < n - 1 ? plan.stretches[n - 2 - i]!.end : undefined;
    return { ...s, districts: [...s.districts].reverse(), end, districtBreaks: s.districtBreaks && [...s.districtBreaks].reverse() };
  });
  return { stretches, reversed };
}

function chooseTambons(d: District, count: number, rng: Rng): SubDistrict[] {
  const preferred = (PREFERRED_SUBDISTRICTS[d.code] ?? [])
    .map((name) => d.subdistricts.find((s) => s.nameTh === name))
    .filter((s): s is SubDistrict => s !== undefined);
  const rest = rng.shuffle(d.subdistricts.filter((s) => !preferred.includes(s)));
  const chosen = [...preferred, ...rest].slice(0, Math.max(1, Math.min(count, d.subdistricts.length)));
  return rng.shuffle(chosen);
}

function planSegments(plan: LinePlan, raw: readonly LonLat[], admin: Map<string, Province>, rng: Rng, orderBase: number): { parent: ParentLine; segments: Segment[] } {
  const base = densify(raw, STEP_M);
  const cum = cumulative(base);
  const { stretches, reversed } = orientPlan(plan, base);
  const prvAt: string[] = new Array(base.length).fill(stretches[0]!.prv);
  const parent: ParentLine = { id: plan.id, zone: plan.zone, closed: plan.id === 'phuket', base, cum, prvAt };
  const segments: Segment[] = [];

  let start = 0;
  stretches.forEach((stretch, si) => {
    const end = stretch.end ? nearestVertex(base, stretch.end, start + 2 * stretch.districts.length, base.length) : base.length - 1;
    if (end - start < 2 * stretch.districts.length) throw new Error(`${plan.id}: province ${stretch.prv} gets too little coast`);
    for (let i = start; i <= end; i++) prvAt[i] = stretch.prv;
    const geoIndex = reversed ? stretches.length - 1 - si : si;
    const stretchKey = `${plan.id}:${String(geoIndex).padStart(2, '0')}`;
    const srng = rng.fork(stretchKey);
    const cuts = stretch.districtBreaks
      ? [start, ...stretch.districtBreaks.map((p, k) => nearestVertex(base, p, start + 2 * (k + 1), end)), end]
      : splitRange(cum, start, end, stretch.districts.map(() => srng.range(0.6, 1.4)));
    for (let k = 1; k < cuts.length; k++) if (cuts[k]! <= cuts[k - 1]!) throw new Error(`${plan.id}: district anchors of ${stretch.prv} out of order`);

    stretch.districts.forEach((amp, di) => {
      const { p, d } = district(admin, stretch.prv, amp);
      const a = cuts[di]!;
      const b = cuts[di + 1]!;
      const drng = srng.fork(`${amp}:${di}`);
      const wanted = Math.round((cum[b]! - cum[a]!) / SUBDISTRICT_M);
      const tambons = chooseTambons(d, Math.min(wanted, Math.floor((b - a) / 2)), drng);
      const tcuts = splitRange(cum, a, b, tambons.map(() => drng.range(0.7, 1.3)));
      const piece = reversed ? stretch.districts.length - 1 - di : di;
      tambons.forEach((tam, ti) => {
        const i0 = tcuts[ti]!;
        const i1 = tcuts[ti + 1]!;
        segments.push({
          key: `${plan.id}:${i0}`,
          zone: plan.zone,
          parent,
          i0,
          i1,
          admin: { prv: p, amp: d, tam },
          stretchKey,
          districtPiece: piece,
          order: orderBase + (reversed ? base.length - i0 : i0),
        });
      });
    });
    start = end;
  });
  return { parent, segments };
}

/** Closed outline around `centre`: an ellipse whose radius wanders by up to ~20 %. */
function drawOutline(centre: LonLat, o: { rx: number; ry: number; rotate?: number }, rng: Rng): LonLat[] {
  const n = 40;
  const rot = ((o.rotate ?? 0) * Math.PI) / 180;
  const waves = [1, 2, 3, 4].map((k) => ({ k, a: rng.range(-0.08, 0.08), ph: rng.range(0, 2 * Math.PI) }));
  const ring: LonLat[] = [];
  for (let i = 0; i < n; i++) {
    const t = (2 * Math.PI * i) / n;
    const r = 1 + waves.reduce((s, w) => s + w.a * Math.sin(w.k * t + w.ph), 0);
    const x = o.rx * 1000 * r * Math.cos(t);
    const y = o.ry * 1000 * r * Math.sin(t);
    const east = x * Math.cos(rot) - y * Math.sin(rot);
    const north = x * Math.sin(rot) + y * Math.cos(rot);
    ring.push([centre[0] + east / (111_320 * Math.cos((centre[1] * Math.PI) / 180)), centre[1] + north / 110_540]);
  }
  ring.push(ring[0]!);
  return ring; // counter-clockwise
}

function centroid(ring: readonly LonLat[]): LonLat {
  const n = ring.length - 1;
  let x = 0;
  let y = 0;
  for (let i = 0; i < n; i++) {
    x += ring[i]![0];
    y += ring[i]![1];
  }
  return [x / n, y / n];
}

function islandAdmin(def: IslandDef, admin: Map<string, Province>): AdminRef {
  const { p, d } = district(admin, def.prv, def.amp);
  return { prv: p, amp: d, tam: tambonByName(d, def.tam) };
}

function closedParent(id: string, zone: Zone, ring: LonLat[], prv: string): ParentLine {
  const base = densify(ring, ISLAND_STEP_M);
  base[base.length - 1] = base[0]!;
  return { id, zone, closed: true, base, cum: cumulative(base), prvAt: base.map(() => prv) };
}

export function buildCoastModel(coast: NaturalEarthCoast, admin: Map<string, Province>, seed: string): CoastModel {
  const rng = new Rng(seed).fork('segments');
  // The Gulf line passes round Songkhla Lake: cut it at the mouth.
  const m1 = nearestVertex(coast.gulf, LAKE_MOUTH[0]);
  const m2 = nearestVertex(coast.gulf, LAKE_MOUTH[1]);
  const [lo, hi] = m1 < m2 ? [m1, m2] : [m2, m1];
  const gulfParts = [coast.gulf.slice(0, lo + 1), coast.gulf.slice(lo, hi + 1), coast.gulf.slice(hi)];
  const hatLek = LINE_PLANS.find((p) => p.id === 'gulf-north')!.start;
  const northIsFirst = distance(gulfParts[0]![0]!, hatLek) < distance(gulfParts[2]![gulfParts[2]!.length - 1]!, hatLek);

  const islandRings = [...coast.islands];
  const phuketIndex = islandRings.reduce(
    (best, ring, i) => (distance(centroid(ring), PHUKET_CENTRE) < distance(centroid(islandRings[best]!), PHUKET_CENTRE) ? i : best),
    0,
  );
  const [phuketRing] = islandRings.splice(phuketIndex, 1);
  const phuketPlan = LINE_PLANS.find((p) => p.id === 'phuket')!;
  const phuket = rotateRing(phuketRing!, nearestVertex(phuketRing!, phuketPlan.start));

  const rawLines: Record<LinePlan['id'], LonLat[]> = {
    'gulf-north': northIsFirst ? gulfParts[0]! : gulfParts[2]!,
    lake: gulfParts[1]!,
    'gulf-south': northIsFirst ? gulfParts[2]! : gulfParts[0]!,
    andaman: coast.andaman,
    phuket,
  };

  const parents: ParentLine[] = [];
  const segments: Segment[] = [];
  LINE_PLANS.forEach((plan, pi) => {
    const built = planSegments(plan, rawLines[plan.id], admin, rng.fork(plan.id), pi * 1_000_000);
    parents.push(built.parent);
    segments.push(...built.segments);
  });

  // Islands: Natural Earth outlines named by the nearest listed centre, then hand-drawn ones.
  const islands: BuiltIsland[] = [];
  for (const def of ISLANDS) {
    if (def.outline) {
      islands.push({ def, ring: drawOutline(def.centre, def.outline, rng.fork(`island:${def.en}`)), source: 'approximate', admin: islandAdmin(def, admin) });
      continue;
    }
    const match = islandRings.findIndex((ring) => distance(centroid(ring), def.centre) < 8000);
    if (match < 0) throw new Error(`no Natural Earth outline near ${def.en}`);
    const [ring] = islandRings.splice(match, 1);
    islands.push({ def, ring: ring!, source: 'natural_earth', admin: islandAdmin(def, admin) });
  }
  islands.forEach((island, index) => {
    if (signedArea2(island.ring) <= 0) throw new Error(`${island.def.en} outline is not counter-clockwise`);
    const parent = closedParent(`island:${index}`, 'island', island.ring, island.def.prv);
    parents.push(parent);
    segments.push({ key: parent.id, zone: 'island', parent, i0: 0, i1: parent.base.length - 1, admin: island.admin, islandIndex: index, order: 10_000_000 + index });
  });

  const lakeIslands = LAKE_ISLANDS.map((def) => ({
    def,
    id: def.id,
    ring: drawOutline(def.centre, def.outline, rng.fork(`lake-island:${def.id}`)),
    source: 'approximate' as const,
    admin: islandAdmin(def, admin),
  }));
  for (const island of lakeIslands) {
    const parent = closedParent(`lake-island:${island.id}`, 'lake_island', island.ring, island.def.prv);
    parents.push(parent);
    segments.push({ key: parent.id, zone: 'lake_island', parent, i0: 0, i1: parent.base.length - 1, admin: island.admin, lakeIslandId: island.id, order: 20_000_000 + island.id });
  }
  segments.sort((a, b) => a.order - b.order);
  return { parents, segments, islands, lakeIslands };
}
