// Thai text of the place search in the top menu (issue 11 item 2), beside th.ts.
export const thPlaceSearch = {
  label: 'ค้นหาสถานที่',
  placeholder: 'ค้นหาจังหวัด อำเภอ ตำบล เกาะ หาด',
  results: 'ผลการค้นหาสถานที่',
  searching: 'กำลังค้นหา',
  none: 'ไม่พบสถานที่ที่ตรงกับคำค้น ลองพิมพ์ชื่อให้สั้นลงหรือค้นด้วยชื่อจังหวัด',
  failed: 'ค้นหาไม่สำเร็จ ลองใหม่อีกครั้ง',
  count: (n: number) => `พบ ${n} รายการ`,
  kinds: {
    province: 'จังหวัด',
    district: 'อำเภอ',
    subdistrict: 'ตำบล',
    island: 'เกาะ',
    lake_island: 'เกาะในทะเลสาบสงขลา',
    beach_main: 'กลุ่มหาดหลัก',
    beach_sub: 'กลุ่มหาดย่อย',
    beach_system: 'ระบบหาด',
    radar_station: 'สถานีเรดาร์ชายฝั่ง',
    cctv: 'กล้อง CCTV ชายฝั่ง',
  },
  /** Short prefixes before a parent area's name: อ.เมืองสงขลา จ.สงขลา */
  districtPrefix: 'อ.',
  provincePrefix: 'จ.',
} as const;
