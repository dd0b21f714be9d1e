// Island names for the Natural Earth island outlines (matched by an approximate centre), islands
// Natural Earth 1:10m leaves out (APPROXIMATE hand-drawn outlines: centre and size from general
// knowledge), and the four Songkhla Lake islands (also hand-drawn). Sub-district names as listed
// by thai-address-universal; PROVENANCE.md says what is approximate.

import type { LonLat } from './geo.ts';

export interface IslandDef {
  th: string;
  en: string;
  prv: string;
  amp: string;
  /** The sub-district's Thai name (the district's first listed one when absent from the list). */
  tam: string;
  centre: LonLat;
  /** Hand-drawn outline: semi-axes in km (east-west, north-south) and rotation in degrees. */
  outline?: { rx: number; ry: number; rotate?: number };
}

export const ISLANDS: readonly IslandDef[] = [
  // Natural Earth outlines
  { th: 'เกาะช้าง', en: 'Ko Chang', prv: '23', amp: '2307', tam: 'เกาะช้าง', centre: [102.34, 12.04] },
  { th: 'เกาะกูด', en: 'Ko Kut', prv: '23', amp: '2306', tam: 'เกาะกูด', centre: [102.57, 11.65] },
  { th: 'เกาะสมุย', en: 'Ko Samui', prv: '84', amp: '8404', tam: 'อ่างทอง', centre: [100.01, 9.51] },
  { th: 'เกาะพะงัน', en: 'Ko Phangan', prv: '84', amp: '8405', tam: 'เกาะพะงัน', centre: [100.03, 9.75] },
  { th: 'เกาะวัวตาหลับ', en: 'Ko Wua Ta Lap', prv: '84', amp: '8404', tam: 'อ่างทอง', centre: [99.68, 9.62] },
  { th: 'เกาะพะลวย', en: 'Ko Phaluai', prv: '84', amp: '8404', tam: 'อ่างทอง', centre: [99.69, 9.53] },
  { th: 'เกาะตะรุเตา', en: 'Ko Tarutao', prv: '91', amp: '9101', tam: 'เกาะสาหร่าย', centre: [99.66, 6.6] },
  { th: 'เกาะราวี', en: 'Ko Rawi', prv: '91', amp: '9101', tam: 'เกาะสาหร่าย', centre: [99.21, 6.56] },
  { th: 'เกาะลิบง', en: 'Ko Libong', prv: '92', amp: '9202', tam: 'เกาะลิบง', centre: [99.41, 7.24] },
  { th: 'เกาะลันตาใหญ่', en: 'Ko Lanta Yai', prv: '81', amp: '8103', tam: 'เกาะลันตาใหญ่', centre: [99.05, 7.58] },
  { th: 'เกาะลันตาน้อย', en: 'Ko Lanta Noi', prv: '81', amp: '8103', tam: 'เกาะลันตาน้อย', centre: [99.1, 7.63] },
  { th: 'เกาะยาวใหญ่', en: 'Ko Yao Yai', prv: '82', amp: '8202', tam: 'พรุใน', centre: [98.57, 8.03] },
  { th: 'เกาะยาวน้อย', en: 'Ko Yao Noi', prv: '82', amp: '8202', tam: 'เกาะยาวน้อย', centre: [98.61, 8.15] },
  { th: 'เกาะพระทอง', en: 'Ko Phra Thong', prv: '82', amp: '8206', tam: 'เกาะพระทอง', centre: [98.28, 9.1] },
  { th: 'เกาะคอเขา', en: 'Ko Kho Khao', prv: '82', amp: '8205', tam: 'เกาะคอเขา', centre: [98.28, 8.96] },
  { th: 'เกาะพยาม', en: 'Ko Phayam', prv: '85', amp: '8501', tam: 'เกาะพยาม', centre: [98.41, 9.75] },
  { th: 'เกาะสุรินทร์เหนือ', en: 'Ko Surin Nuea', prv: '82', amp: '8206', tam: 'เกาะพระทอง', centre: [97.88, 9.447] },
  { th: 'เกาะสุรินทร์ใต้', en: 'Ko Surin Tai', prv: '82', amp: '8206', tam: 'เกาะพระทอง', centre: [97.857, 9.408] },
  // Missing from Natural Earth 1:10m: approximate outlines
  { th: 'เกาะเต่า', en: 'Ko Tao', prv: '84', amp: '8405', tam: 'เกาะเต่า', centre: [99.838, 10.095], outline: { rx: 1.7, ry: 3.3, rotate: 10 } },
  { th: 'เกาะเสม็ด', en: 'Ko Samet', prv: '21', amp: '2101', tam: 'เพ', centre: [101.456, 12.565], outline: { rx: 1.2, ry: 3.2, rotate: -5 } },
  { th: 'เกาะสีชัง', en: 'Ko Si Chang', prv: '20', amp: '2008', tam: 'ท่าเทววงษ์', centre: [100.805, 13.155], outline: { rx: 1.1, ry: 2.4 } },
  { th: 'เกาะล้าน', en: 'Ko Lan', prv: '20', amp: '2004', tam: 'นาเกลือ', centre: [100.78, 12.92], outline: { rx: 1.3, ry: 2.0, rotate: 15 } },
  { th: 'เกาะหมาก', en: 'Ko Mak', prv: '23', amp: '2306', tam: 'เกาะหมาก', centre: [102.475, 11.82], outline: { rx: 2.4, ry: 1.9 } },
  { th: 'เกาะหลีเป๊ะ', en: 'Ko Lipe', prv: '91', amp: '9101', tam: 'เกาะสาหร่าย', centre: [99.305, 6.488], outline: { rx: 1.0, ry: 0.8 } },
  { th: 'เกาะพีพีดอน', en: 'Ko Phi Phi Don', prv: '81', amp: '8101', tam: 'อ่าวนาง', centre: [98.77, 7.745], outline: { rx: 1.5, ry: 2.8, rotate: 25 } },
  { th: 'เกาะสุกร', en: 'Ko Sukon', prv: '92', amp: '9204', tam: 'เกาะสุกร', centre: [99.31, 7.115], outline: { rx: 2.3, ry: 2.3 } },
  { th: 'เกาะกระดาน', en: 'Ko Kradan', prv: '92', amp: '9202', tam: 'เกาะลิบง', centre: [99.255, 7.31], outline: { rx: 0.5, ry: 1.5, rotate: -20 } },
];

interface LakeIslandDef extends IslandDef {
  id: number;
  outline: { rx: number; ry: number; rotate?: number };
}

/** The four Songkhla Lake islands of SPEC.md §3 (approximate positions and outlines). */
export const LAKE_ISLANDS: readonly LakeIslandDef[] = [
  { id: 1, th: 'เกาะยอ', en: 'Ko Yo', prv: '90', amp: '9001', tam: 'เกาะยอ', centre: [100.52, 7.175], outline: { rx: 1.6, ry: 1.2 } },
  { id: 2, th: 'เกาะนางคำ', en: 'Ko Nang Kham', prv: '93', amp: '9306', tam: 'เกาะนางคำ', centre: [100.33, 7.4], outline: { rx: 0.8, ry: 0.7 } },
  { id: 3, th: 'เกาะหมาก', en: 'Ko Mak', prv: '93', amp: '9306', tam: 'เกาะหมาก', centre: [100.31, 7.368], outline: { rx: 0.9, ry: 0.6 } },
  { id: 4, th: 'เกาะแก่ง', en: 'Ko Kaeng', prv: '90', amp: '9015', tam: 'ชิงโค', centre: [100.405, 7.3], outline: { rx: 0.5, ry: 0.45 } },
];
