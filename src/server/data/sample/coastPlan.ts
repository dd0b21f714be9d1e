// Hand-written, APPROXIMATE division of the Natural Earth coastline among the coastal provinces
// and their districts (PROVENANCE.md). Each line is listed in geographic order from `start`; an
// `end` anchor is a point near where a province's coast ends (the nearest coastline vertex is
// used). Districts are the province's coastal districts in order along the coast; their shares
// of the province's coast are not surveyed (seeded proportions), nor are the sub-districts'.

import type { LonLat } from './geo.ts';

export interface Stretch {
  prv: string;
  /** Coastal districts in order along the coast (a district may come back, e.g. round Phuket). */
  districts: string[];
  /** Where this province's stretch ends (absent on the last stretch of a line). */
  end?: LonLat;
  /** Optional anchors between the districts (length districts - 1); otherwise seeded shares. */
  districtBreaks?: LonLat[];
}

export interface LinePlan {
  id: 'gulf-north' | 'gulf-south' | 'lake' | 'andaman' | 'phuket';
  zone: 'mainland' | 'lake_land';
  /** A point near the start of the stretches below. */
  start: LonLat;
  stretches: Stretch[];
}

/** Gulf of Thailand from the Cambodian border to the mouth of Songkhla Lake. */
const GULF_NORTH: LinePlan = {
  id: 'gulf-north',
  zone: 'mainland',
  start: [102.912, 11.647], // Hat Lek
  stretches: [
    { prv: '23', districts: ['2302', '2301', '2305', '2303'], end: [102.23, 12.33] }, // Trat
    { prv: '22', districts: ['2202', '2206', '2203', '2209'], end: [101.77, 12.7] }, // Chanthaburi
    { prv: '21', districts: ['2103', '2101', '2102'], end: [100.98, 12.65] }, // Rayong
    { prv: '20', districts: ['2009', '2004', '2007', '2001'], end: [100.99, 13.49] }, // Chon Buri
    { prv: '24', districts: ['2404'], end: [100.89, 13.47] }, // Chachoengsao
    { prv: '11', districts: ['1101', '1105'], end: [100.47, 13.5] }, // Samut Prakan
    { prv: '10', districts: ['1021'], end: [100.43, 13.49] }, // Bangkok
    { prv: '74', districts: ['7401'], end: [100.09, 13.43] }, // Samut Sakhon
    { prv: '75', districts: ['7501'], end: [99.97, 13.32] }, // Samut Songkhram
    { prv: '76', districts: ['7607', '7601', '7605', '7604'], end: [99.96, 12.64] }, // Phetchaburi
    { prv: '77', districts: ['7707', '7706', '7708', '7702', '7701', '7703', '7704', '7705'], end: [99.5, 10.92] }, // Prachuap Khiri Khan
    { prv: '86', districts: ['8603', '8601', '8607', '8608', '8604', '8605'], end: [99.17, 9.67] }, // Chumphon
    { prv: '84', districts: ['8407', '8406', '8411', '8417', '8401', '8402', '8403'], end: [99.785, 9.31] }, // Surat Thani
    { prv: '80', districts: ['8015', '8014', '8008', '8001', '8012', '8016'], end: [100.345, 7.94] }, // Nakhon Si Thammarat
    { prv: '90', districts: ['9007', '9002', '9015'] }, // Songkhla, to the lake mouth
  ],
};

/** Gulf of Thailand from the mouth of Songkhla Lake to the Malaysian border. */
const GULF_SOUTH: LinePlan = {
  id: 'gulf-south',
  zone: 'mainland',
  start: [100.587, 7.224], // Laem Son On, Songkhla
  stretches: [
    { prv: '90', districts: ['9001', '9003', '9005'], end: [101.12, 6.86] }, // Songkhla
    { prv: '94', districts: ['9403', '9401', '9409', '9404', '9407'], end: [101.66, 6.67] }, // Pattani
    { prv: '96', districts: ['9603', '9601', '9602'] }, // Narathiwat
  ],
};

/** Songkhla Lake shore, from the inner tip of the Sathing Phra spit round by the north. */
const LAKE: LinePlan = {
  id: 'lake',
  zone: 'lake_land',
  start: [100.547, 7.197],
  stretches: [
    { prv: '90', districts: ['9015', '9002', '9008', '9007'], end: [100.22, 7.785] }, // Songkhla, east shore
    { prv: '93', districts: ['9305', '9301', '9303', '9309', '9306'], end: [100.37, 7.33] }, // Phatthalung
    { prv: '90', districts: ['9013', '9014', '9011', '9001'] }, // Songkhla, south-west shore
  ],
};

/** Andaman Sea from the Myanmar border (Kra Buri) to the Malaysian border. */
const ANDAMAN: LinePlan = {
  id: 'andaman',
  zone: 'mainland',
  start: [98.747, 10.35],
  stretches: [
    { prv: '85', districts: ['8504', '8502', '8501', '8503', '8505'], end: [98.38, 9.3] }, // Ranong
    { prv: '82', districts: ['8206', '8205', '8208', '8204', '8201'], end: [98.625, 8.29] }, // Phang Nga
    { prv: '81', districts: ['8105', '8101', '8108', '8104'], end: [99.2, 7.69] }, // Krabi
    { prv: '92', districts: ['9205', '9202', '9210', '9204'], end: [99.69, 7.0] }, // Trang
    { prv: '91', districts: ['9106', '9105', '9101'] }, // Satun
  ],
};

/** Phuket island (a province): counter-clockwise from the north tip, west coast first. */
const PHUKET: LinePlan = {
  id: 'phuket',
  zone: 'mainland',
  start: [98.3, 8.19],
  stretches: [
    {
      prv: '83',
      districts: ['8303', '8302', '8301', '8303'],
      districtBreaks: [
        [98.27, 7.97],
        [98.29, 7.87],
        [98.41, 7.98],
      ],
    },
  ],
};

export const LINE_PLANS: readonly LinePlan[] = [GULF_NORTH, LAKE, GULF_SOUTH, ANDAMAN, PHUKET];

/** The two points (nearest coastline vertices are used) between which the Gulf line runs inside Songkhla Lake. */
export const LAKE_MOUTH: readonly [LonLat, LonLat] = [
  [100.576, 7.209],
  [100.587, 7.207],
];

/** Phuket's outline is the Natural Earth island nearest to this point. */
export const PHUKET_CENTRE: LonLat = [98.34, 7.95];

/** The 23 provinces on the Gulf of Thailand and the Andaman Sea, and Phatthalung (Songkhla Lake). */
export const GULF_PROVINCES = ['23', '22', '21', '20', '24', '11', '10', '74', '75', '76', '77', '86', '84', '80', '90', '94', '96'] as const;
export const ANDAMAN_PROVINCES = ['85', '82', '83', '81', '92', '91'] as const;
const LAKE_ONLY_PROVINCES = ['93'] as const;
export const ALL_PROVINCES = [...GULF_PROVINCES, ...ANDAMAN_PROVINCES, ...LAKE_ONLY_PROVINCES];

/**
 * Sub-districts always given coast (known beaches, ports and island sub-districts), so the CCTV
 * cameras, radar sites and islands below find them. Names as in thai-address-universal.
 */
export const PREFERRED_SUBDISTRICTS: Readonly<Record<string, readonly string[]>> = {
  '2302': ['หาดเล็ก', 'คลองใหญ่'],
  '2305': ['แหลมงอบ'],
  '2206': ['ปากน้ำแหลมสิงห์'],
  '2101': ['เพ', 'ปากน้ำ'],
  '2009': ['สัตหีบ', 'นาจอมเทียน'],
  '2004': ['นาเกลือ', 'หนองปรือ'],
  '2007': ['ศรีราชา'],
  '2001': ['แสนสุข', 'อ่างศิลา'],
  '1101': ['บางปู'],
  '7604': ['ชะอำ'],
  '7601': ['หาดเจ้าสำราญ'],
  '7707': ['หัวหิน', 'หนองแก'],
  '7706': ['ปากน้ำปราณ'],
  '7701': ['อ่าวน้อย', 'ประจวบคีรีขันธ์'],
  '7704': ['แม่รำพึง'],
  '8601': ['หาดทรายรี', 'ปากน้ำ'],
  '8603': ['สะพลี'],
  '8015': ['ขนอม'],
  '8014': ['สิชล'],
  '8012': ['แหลมตะลุมพุก'],
  '9001': ['บ่อยาง', 'เขารูปช้าง'],
  '9401': ['รูสะมิแล'],
  '9601': ['บางนาค'],
  '8501': ['ปากน้ำ'],
  '8205': ['คึกคัก'],
  '8101': ['อ่าวนาง', 'ปากน้ำ'],
  '9205': ['ไม้ฝาด'],
  '9105': ['ปากน้ำ'],
  '8302': ['ป่าตอง', 'กมลา'],
  '8301': ['กะรน', 'ราไวย์'],
  '8303': ['เชิงทะเล', 'ไม้ขาว'],
  '9306': ['ปากพะยูน'],
};
