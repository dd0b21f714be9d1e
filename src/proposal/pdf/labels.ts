/**
 * The PDF's own words (page furniture, captions, units): not form labels. Item titles, option
 * titles, step titles, table column titles and the form title all come from the form config.
 */
export const PDF_TEXT = {
  page: (n: number, total: number) => `หน้า ${n}/${total}`,
  /** Only used when the configured form title does not already name the fiscal year. */
  fiscalYear: (year: number) => `ประจำปีงบประมาณ พ.ศ. ${year}`,
  utm: (zone: number, hemisphere: string) => `UTM โซน ${zone}${hemisphere}`,
  easting: 'E',
  northing: 'N',
  metres: 'ม.',
  /** SPEC.md §9: the map image is meant at 1:4000, about 5 km high (a hint, not a measured scale). */
  scaleHint: 'มาตราส่วน 1:4,000 (ภาพครอบคลุมความสูงประมาณ 5 กม.)',
  mapPlaceholder: 'ภาพแผนที่ที่ตั้งโครงการ',
  minimapCaption: 'ตำแหน่งที่ตั้งโครงการ',
  minimapPlaceholder: 'แผนที่ตำแหน่ง',
  total: 'รวม',
  truncated: (n: number) => ` … (ตัดข้อความ ${n.toLocaleString('th-TH')} ตัวอักษรที่เกินพื้นที่แบบฟอร์ม)`,
} as const;

/** SPEC.md §9: the location minimap is 80 x 80 (drawn 80 x 80 pt) at zoom 3. */
export const MINIMAP_SIZE = 80;
