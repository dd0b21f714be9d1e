// `npm run atlas -- --all`: the atlas of every coastal province into one folder (atlas-<code>.pdf)
// with an index PDF (index.pdf) listing them with their figures and a link to each file.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AtlasAreaKind } from '../../engine/atlasTypes.ts';
import { thaiDate } from '../../engine/thaiDate.ts';
import { renderAtlasPdf } from './renderAtlasPdf.ts';
import type { Database } from '../db/types.ts';
import type { Period } from '../transects/query.ts';
import { coastalProvinces } from './areas.ts';
import { FONT, MARGIN, fill, text, type AtlasConfig, type Node } from './context.ts';
import { atlasPeriod, buildAtlasPdf } from './index.ts';

export interface IndexEntry {
  code: string;
  name: string;
  file: string;
  transects: number;
  /** Mean LRR of the province (m/yr), null without a rated transect. */
  meanRate: number | null;
  /** Milliseconds it took. */
  ms: number;
}

export function atlasFileName(kind: AtlasAreaKind, code: string): string {
  return `atlas-${kind === 'province' ? '' : `${kind}-`}${code}.pdf`;
}

const two = new Intl.NumberFormat('th-TH', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The index's pdfmake document: a table of the provinces, each name linking to its file. */
export function indexDefinition(config: AtlasConfig, entries: readonly IndexEntry[], period: Period, date: Date): Record<string, unknown> {
  const t = config.atlas.texts;
  const head = [t.kinds.province, t.index.transects, t.index.meanRate, t.index.file].map((h): Node => ({ ...(text(h) as object), bold: true, fillColor: '#EEF3F8' }));
  return {
    pageSize: 'A4',
    pageMargins: [MARGIN, MARGIN, MARGIN, MARGIN + 8],
    info: { title: t.index.title, subject: t.product },
    defaultStyle: { font: FONT, fontSize: 11, lineHeight: 1.15 },
    footer: (n: number, of: number) => ({ text: fill(t.page, { n, of }), alignment: 'center', fontSize: 9, color: '#666666', margin: [0, 8, 0, 0] }),
    content: [
      text(t.product, { bold: true, fontSize: 12, color: '#0B4F8A' }),
      text(t.index.title, { bold: true, fontSize: 20, margin: [0, 2, 0, 0] }),
      text(`${fill(t.index.period, { start: period.start, end: period.end })} · ${fill(t.generated, { date: thaiDate(date) })}`, { fontSize: 10, color: '#444444', margin: [0, 0, 0, 8] }),
      {
        fontSize: 10,
        table: {
          headerRows: 1,
          widths: ['*', 'auto', 'auto', 'auto'],
          body: [
            head,
            ...entries.map((e) => [
              { ...(text(e.name) as object), link: e.file, color: '#0B4F8A' },
              { text: e.transects.toLocaleString('th-TH'), alignment: 'right' },
              { text: e.meanRate === null ? '-' : two.format(e.meanRate), alignment: 'right' },
              { text: e.file, link: e.file, color: '#0B4F8A' },
            ]),
          ],
        },
        layout: 'lightHorizontalLines',
      },
    ],
  };
}

export interface FolderOptions {
  outDir: string;
  origin: string;
  /** Only these province codes (default every coastal province). */
  only?: readonly string[];
  log?: (line: string) => void;
}

/** Writes one PDF per coastal province and index.pdf into `outDir`; the entries in code order. */
export async function writeAtlasFolder(db: Database, config: AtlasConfig, o: FolderOptions): Promise<IndexEntry[]> {
  mkdirSync(o.outDir, { recursive: true });
  const period = await atlasPeriod(db, config);
  const provinces = (await coastalProvinces(db)).filter((p) => !o.only || o.only.includes(p.code));
  const entries: IndexEntry[] = [];
  for (const p of provinces) {
    const started = performance.now();
    const pdf = await buildAtlasPdf(db, config, { kind: 'province', code: p.code, period, origin: o.origin });
    if (!pdf) continue;
    const file = atlasFileName('province', p.code);
    writeFileSync(path.join(o.outDir, file), pdf.bytes);
    const ms = Math.round(performance.now() - started);
    entries.push({ code: p.code, name: p.name, file, transects: pdf.summary.transects, meanRate: pdf.summary.meanRate, ms });
    o.log?.(`${file} ${p.name} ${(ms / 1000).toFixed(1)} s`);
  }
  writeFileSync(path.join(o.outDir, 'index.pdf'), await renderAtlasPdf(indexDefinition(config, entries, period, new Date())));
  return entries;
}
