// Stand-ins for the provider's GISTDA satellite imagery layers: no imagery ships with the sample,
// so these draw the Natural Earth land polygons over a plain sea, labelled as sample data.

import type { RasterFeatureType } from './types.ts';

export const SATELLITE_YEARS = [2562, 2563, 2564, 2565, 2566, 2567] as const;

export function rasterTypes(): RasterFeatureType[] {
  return SATELLITE_YEARS.map((year) => ({
    kind: 'raster',
    name: `gistda_satellite_${year}`,
    title: `ภาพถ่ายดาวเทียม พ.ศ. ${year} (ข้อมูลตัวอย่าง)`,
    year,
    abstract: `ข้อมูลตัวอย่าง: ไม่ใช่ภาพถ่ายดาวเทียม แสดงเฉพาะพื้นดิน/ทะเลจาก Natural Earth / Sample stand-in, not satellite imagery (${year})`,
    landTable: 'land',
    sample: true,
  }));
}
