// Our WFS page against its floor (issue 29 aim 2): for each box of the MapServer bench's WFS
// list, one GetFeature COUNT=1000 from our server and the same rows as GeoJSON from one plain
// SELECT (scripts/lib/rawPage.ts, served by the same process), one request at a time, in
// alternation. The first pass is reported on its own: our numberMatched counts are not cached
// yet there (a count of all matches per box); later passes find them cached, as a client paging
// through one filter does.
import { RAW_PAGE_PATH } from './rawPage.ts';

export interface PageFloor {
  /** Mean ms of our page, first pass (counts not cached). */
  oursCold: number;
  /** Mean ms of our page over the later passes. */
  ours: number;
  /** Mean ms of the plain SELECT over the same passes. */
  raw: number;
}

async function timed(url: string, features: number | undefined): Promise<{ ms: number; features: number }> {
  const t = performance.now();
  // uncompressed, as the plain SELECT's answer: our server gzips when asked, and fetch asks
  const res = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  const json = (await res.json()) as { features?: unknown[] };
  const ms = performance.now() - t;
  const n = json.features?.length ?? -1;
  if (res.status !== 200 || (features !== undefined && n !== features)) throw new Error(`${url}: HTTP ${res.status}, ${n} features (expected ${features ?? 'some'})`);
  return { ms, features: n };
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** `wfsTemplate` takes {bbox4326yx} and {count}; `bboxes` are lat/lon boxes "s,w,n,e". */
export async function measurePageFloor(origin: string, wfsTemplate: string, bboxes: readonly string[], passes = 3, count = 1000): Promise<PageFloor> {
  const ours = (b: string) => `${origin}${wfsTemplate.replace('{bbox4326yx}', b).replace('{count}', String(count))}`;
  const raw = (b: string) => `${origin}${RAW_PAGE_PATH}?bbox=${b}&count=${count}`;
  const cold: number[] = [];
  const warm: number[] = [];
  const floor: number[] = [];
  for (let pass = 0; pass <= passes; pass++) {
    for (const b of bboxes) {
      // raw first on even passes, ours first on odd ones: neither always finds the other's pages in the buffers
      const order = pass % 2 === 0 ? ['raw', 'ours'] : ['ours', 'raw'];
      let expected: number | undefined;
      for (const which of order) {
        const r = await timed(which === 'raw' ? raw(b) : ours(b), expected);
        expected = r.features;
        if (which === 'raw') {
          if (pass > 0) floor.push(r.ms);
        } else (pass === 0 ? cold : warm).push(r.ms);
      }
    }
  }
  return { oursCold: mean(cold), ours: mean(warm), raw: mean(floor) };
}
