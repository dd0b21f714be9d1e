// The image formats GetMap answers, by FORMAT value: shared by GetMap, the capabilities and the
// exception images (which answer in the request's FORMAT), apart from the request handling so that
// none of them imports the service.

const PNG = /^(image\/png(\s*;\s*mode=(8bit|24bit|32bit))?|png)$/i;
const JPEG = /^(image\/jpe?g|jpe?g)$/i;

/** PNG, and JPEG (GDAL's WMS default; opaque, as JPEG has no alpha). */
export type MapFormat = 'png' | 'jpeg';
export const MAP_FORMATS: Readonly<Record<MapFormat, string>> = { png: 'image/png', jpeg: 'image/jpeg' };

/** The image format a FORMAT value names, if GetMap serves it. */
export function imageFormatOf(raw: string | undefined): MapFormat | undefined {
  const value = (raw ?? '').trim();
  if (PNG.test(value)) return 'png';
  if (JPEG.test(value)) return 'jpeg';
  return undefined;
}
