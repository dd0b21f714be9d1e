// Shapefile reading and writing: our own small .shp/.shx/.dbf codecs (DESIGN.md §6).
export { writeShapeZip, type ShapeZipOptions } from './write-zip.ts';
export { writeShpShx, SHAPE_TYPES, type ShapeTypeName, type ShpShx, type Extent } from './shp-write.ts';
export { writeDbf, resolveFields, dbfFieldName, truncateUtf8, type DbfField, type DbfFieldSpec, type DbfFieldType, type DbfRecord } from './dbf-write.ts';
export { readShp, ringsToPolygons, shapeTypeName, ShapefileFormatError, type ShpContents } from './shp-read.ts';
export { readDbf, type DbfContents, type DbfFieldInfo, type DbfValue } from './dbf-read.ts';
export { resolveEncoding, decodeText, utf8Validity, type DbfEncoding } from './encoding.ts';
export { WGS84_PRJ } from './prj.ts';
