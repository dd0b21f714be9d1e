// The pictures of a PDF as pdfimages -list tells them (soft masks left out): page, size in
// pixels and resolution on the page (the lower of x-ppi and y-ppi).
import { execFileSync } from 'node:child_process';

export interface PdfPicture {
  page: number;
  width: number;
  height: number;
  ppi: number;
}

export function pdfPictures(file: string): PdfPicture[] {
  return execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' })
    .split('\n')
    .slice(2)
    .map((l) => l.trim().split(/\s+/))
    .filter((f) => f[2] === 'image')
    .map((f) => ({ page: Number(f[0]), width: Number(f[3]), height: Number(f[4]), ppi: Math.min(Number(f[12]), Number(f[13])) }));
}
