// Beach systems: main groups T1-T8 with the published lengths of SPEC.md §3 (which coast each
// covers and their Thai names are our assumption, see PROVENANCE.md); one sub group per province
// stretch and one beach system per district piece of the mainland coast, in coastal order.

import { Rng } from './prng.ts';
import type { Segment } from './segments.ts';

interface BeachMain {
  code: string;
  th: string;
  lengthM: number;
  provinces: readonly string[];
}

export const BEACH_MAIN: readonly BeachMain[] = [
  { code: 'T1', th: 'ชายฝั่งทะเลอ่าวไทยฝั่งตะวันออก', lengthM: 400241, provinces: ['23', '22', '21', '20'] },
  { code: 'T2', th: 'ชายฝั่งทะเลอ่าวไทยตอนบน', lengthM: 130879, provinces: ['24', '11', '10', '74', '75'] },
  { code: 'T3', th: 'ชายฝั่งทะเลอ่าวไทยฝั่งตะวันตกตอนบน', lengthM: 211904, provinces: ['76', '77'] },
  { code: 'T4', th: 'ชายฝั่งทะเลอ่าวไทยฝั่งตะวันตกตอนกลาง', lengthM: 110448, provinces: ['86'] },
  { code: 'T5', th: 'ชายฝั่งทะเลอ่าวไทยฝั่งตะวันตกตอนล่าง', lengthM: 622178, provinces: ['84', '80'] },
  { code: 'T6', th: 'ชายฝั่งทะเลอ่าวไทยตอนล่าง', lengthM: 563946, provinces: ['90', '94', '96'] },
  { code: 'T7', th: 'ชายฝั่งทะเลอันดามันตอนบน', lengthM: 466203, provinces: ['85', '82', '83'] },
  { code: 'T8', th: 'ชายฝั่งทะเลอันดามันตอนล่าง', lengthM: 788014, provinces: ['81', '92', '91'] },
];

/** Beach types (SPEC.md §3 physical characteristics) and bed sediments. */
const BEACH_TYPES = ['หาดทราย', 'หาดหิน', 'หาดโคลน', 'หาดทรายปนโคลน', 'หาดโคลนปนทราย', 'หาดทรายปนหิน'] as const;
const BED_SEDIMENT: Readonly<Record<(typeof BEACH_TYPES)[number], string>> = {
  หาดทราย: 'ทราย',
  หาดหิน: 'หิน',
  หาดโคลน: 'โคลน',
  หาดทรายปนโคลน: 'ทรายปนโคลน',
  หาดโคลนปนทราย: 'โคลนปนทราย',
  หาดทรายปนหิน: 'ทรายปนกรวด',
};

interface BeachSub {
  code: string;
  main: string;
  th: string;
}

interface BeachSystem {
  code: string;
  sub: string;
  main: string;
  th: string;
  beachType: string;
  bedSed: string;
  prv: string;
  amp: string;
  prvName: string;
  ampName: string;
}

interface BeachAssignment {
  main: string;
  sub: string;
  system: string;
}

export interface BeachModel {
  subs: BeachSub[];
  systems: BeachSystem[];
  bySegment: Map<string, BeachAssignment>;
}

function mainFor(prv: string): BeachMain {
  const main = BEACH_MAIN.find((m) => m.provinces.includes(prv));
  if (!main) throw new Error(`province ${prv} is in no beach group`);
  return main;
}

function beachTypeFor(main: string, r: Rng): (typeof BEACH_TYPES)[number] {
  if (main === 'T2') return r.chance(0.8) ? 'หาดโคลน' : 'หาดโคลนปนทราย';
  return r.weighted(BEACH_TYPES, [6, 1.5, 0.7, 1.5, 0.5, 1]);
}

export function buildBeaches(segments: readonly Segment[], seed: string): BeachModel {
  const rng = new Rng(seed).fork('beach');
  const subs: BeachSub[] = [];
  const systems: BeachSystem[] = [];
  const bySegment = new Map<string, BeachAssignment>();
  const subByStretch = new Map<string, BeachSub>();
  const systemByPiece = new Map<string, BeachSystem>();
  const nameCount = new Map<string, number>();
  const named = (base: string) => {
    const n = (nameCount.get(base) ?? 0) + 1;
    nameCount.set(base, n);
    return n === 1 ? base : `${base} ${n}`;
  };

  for (const seg of segments) {
    if (seg.zone !== 'mainland' || !seg.stretchKey) continue;
    const main = mainFor(seg.admin.prv.code);
    let sub = subByStretch.get(seg.stretchKey);
    if (!sub) {
      const n = subs.filter((s) => s.main === main.code).length + 1;
      sub = { code: `${main.code}-${String(n).padStart(2, '0')}`, main: main.code, th: named(`กลุ่มหาดย่อย${seg.admin.prv.nameTh}`) };
      subs.push(sub);
      subByStretch.set(seg.stretchKey, sub);
    }
    const pieceKey = `${seg.stretchKey}/${seg.districtPiece}`;
    let system = systemByPiece.get(pieceKey);
    if (!system) {
      const n = systems.filter((s) => s.sub === sub!.code).length + 1;
      const type = beachTypeFor(main.code, rng.fork(pieceKey));
      system = {
        code: `${sub.code}-${String(n).padStart(2, '0')}`,
        sub: sub.code,
        main: main.code,
        th: named(`ระบบหาด${seg.admin.amp.nameTh}`),
        beachType: type,
        bedSed: BED_SEDIMENT[type],
        prv: seg.admin.prv.code,
        amp: seg.admin.amp.code,
        prvName: seg.admin.prv.nameTh,
        ampName: seg.admin.amp.nameTh,
      };
      systems.push(system);
      systemByPiece.set(pieceKey, system);
    }
    bySegment.set(seg.key, { main: main.code, sub: sub.code, system: system.code });
  }
  return { subs, systems, bySegment };
}
