// Shapefile download of an erosion / accretion result (SPEC.md §3 Download flags, §7
// "router?page=download&mode=changecoastline&outputFormat=shape-zip", §8 Download failure).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { areaLabel, canDownload, downloadErrorText, downloadUrl, missingParams, runDownload, type DownloadDeps } from '../../../src/ui/sections/download/View.tsx';
import { toast, toastStore, setToastCloseMs } from '../../../src/state/toast.ts';

const PROGRESS = 'กำลังดาวน์โหลด...';
const DONE = 'ดาวน์โหลดเสร็จสมบูรณ์';
const HTTP_ERROR = 'เกิดข้อผิดพลาดในการดาวน์โหลดไฟล์';
const FAILED = 'ดาวน์โหลดไม่สำเร็จ';
const AGAIN = 'ลองใหม่อีกครั้ง';

const collection = (n: number): GeoJSON.FeatureCollection => ({
  type: 'FeatureCollection',
  features: Array.from({ length: n }, (_, i) => ({ type: 'Feature', id: `erosion_area.${i}`, geometry: null as unknown as GeoJSON.Geometry, properties: {} })),
});
const result = { features: collection(2), typeName: 'tcs:erosion_area', viewparams: 'code:90;start:2562;end:2567' };

describe('downloadUrl: the router call of SPEC.md §7', () => {
  const url = new URL(downloadUrl('/tcs/v2/router', result, 'erosion.zip'), 'http://x');
  it('page=download, mode=changecoastline, outputFormat=shape-zip', () => {
    expect(url.pathname).toBe('/tcs/v2/router');
    expect(url.searchParams.get('page')).toBe('download');
    expect(url.searchParams.get('mode')).toBe('changecoastline');
    expect(url.searchParams.get('outputFormat')).toBe('shape-zip');
  });
  it('the layer typeName and viewparams of the row result, and the file name with UTF-8', () => {
    expect(url.searchParams.get('typeName')).toBe('tcs:erosion_area');
    expect(url.searchParams.get('viewparams')).toBe('code:90;start:2562;end:2567');
    expect(url.searchParams.get('format_options')).toBe('filename:erosion.zip;charset:UTF-8');
  });
  it('Thai island names in viewparams are URL-encoded and come back intact', () => {
    const island = downloadUrl('/r', { typeName: 'tcs:accretion_island', viewparams: 'island:เกาะยอ;start:2562;end:2567' }, 'accretion.zip');
    expect(island).not.toContain('เกาะ');
    expect(new URL(island, 'http://x').searchParams.get('viewparams')).toBe('island:เกาะยอ;start:2562;end:2567');
  });
});

describe('canDownload: the download flag', () => {
  it('only while the row holds a non-empty result with its layer and viewparams', () => {
    expect(canDownload(result)).toBe(true);
    expect(canDownload(undefined)).toBe(false);
    expect(canDownload({ ...result, features: collection(0) })).toBe(false);
    expect(canDownload({ ...result, viewparams: undefined })).toBe(false);
    expect(canDownload({ ...result, typeName: '' })).toBe(false);
  });
});

describe('the atlas download: named after its area, waiting for what its page needs (issue 26)', () => {
  const labelBy = [{ param: 'ap', label: 'ดาวน์โหลดรายงานอำเภอ' }];
  it("is the district's report once the request names a district, else the province's", () => {
    expect(areaLabel({ pv: '90' }, labelBy, 'ดาวน์โหลดรายงานจังหวัด')).toBe('ดาวน์โหลดรายงานจังหวัด');
    expect(areaLabel({ pv: '90', ap: '' }, labelBy, 'ดาวน์โหลดรายงานจังหวัด')).toBe('ดาวน์โหลดรายงานจังหวัด');
    expect(areaLabel({ pv: '90', ap: '9001' }, labelBy, 'ดาวน์โหลดรายงานจังหวัด')).toBe('ดาวน์โหลดรายงานอำเภอ');
    expect(areaLabel(undefined, undefined, 'ดาวน์โหลดรายงานจังหวัด')).toBe('ดาวน์โหลดรายงานจังหวัด');
  });
  it('lacks the beach system until the request has one', () => {
    const needs = { params: ['code_b_s'], hint: 'กรุณาเลือกระบบหาดก่อนดาวน์โหลดรายงาน' };
    expect(missingParams({ code_b_m: 'T6' }, needs)).toEqual(['code_b_s']);
    expect(missingParams({ code_b_m: 'T6', code_b_s: '' }, needs)).toEqual(['code_b_s']);
    expect(missingParams({ code_b_m: 'T6', code_b_s: 'T6-01-02' }, needs)).toEqual([]);
    expect(missingParams({}, undefined)).toEqual([]);
  });
});

describe('downloadErrorText (SPEC.md §8)', () => {
  it('a Thai message is shown after ดาวน์โหลดไม่สำเร็จ; the browser\'s English in Thai; an empty or missing one gives the generic text, each with what to do (issue 24)', () => {
    expect(downloadErrorText(new Error('ไฟล์ใหญ่เกินไป'))).toBe(`${FAILED}: ไฟล์ใหญ่เกินไป`);
    expect(downloadErrorText(new TypeError('Failed to fetch'))).toBe(`${FAILED}: เชื่อมต่อเซิร์ฟเวอร์ไม่ได้ ตรวจสอบการเชื่อมต่ออินเทอร์เน็ตแล้วลองใหม่อีกครั้ง`);
    expect(downloadErrorText('plain')).toBe(`${FAILED}: เกิดข้อผิดพลาดที่ไม่คาดคิด ${AGAIN}`);
    expect(downloadErrorText(new Error(''))).toBe(`${FAILED} ${AGAIN}`);
    expect(downloadErrorText(undefined)).toBe(`${FAILED} ${AGAIN}`);
  });
});

describe('runDownload: toasts and saving', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    toastStore.set({ toasts: [] });
    setToastCloseMs(3000);
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  function deps(fetchImpl: DownloadDeps['fetch']): DownloadDeps & { saved: Array<{ blob: Blob; file: string }>; seen: string[] } {
    const saved: Array<{ blob: Blob; file: string }> = [];
    const seen: string[] = [];
    return {
      fetch: (url, init) => {
        seen.push(url);
        return fetchImpl(url, init);
      },
      save: (blob, file) => saved.push({ blob, file }),
      toast,
      timeoutMs: 20_000,
      saved,
      seen,
    };
  }
  const zip = new Blob([new Uint8Array([0x50, 0x4b, 3, 4])], { type: 'application/zip' });
  const texts = () => toastStore.get().toasts.map((t) => `${t.kind}:${t.text}`);

  it("shows 'กำลังดาวน์โหลด...' while running, then 'ดาวน์โหลดเสร็จสมบูรณ์' that closes after 3 s; the file is saved under its name", async () => {
    let answer!: (r: Pick<Response, 'ok' | 'blob'>) => void;
    const d = deps(() => new Promise((resolve) => (answer = resolve)));
    const run = runDownload('/dl', 'erosion.zip', d);
    expect(texts()).toEqual([`loading:${PROGRESS}`]);
    answer({ ok: true, blob: async () => zip });
    await expect(run).resolves.toBe(true);
    expect(d.saved).toEqual([{ blob: zip, file: 'erosion.zip' }]);
    expect(texts()).toEqual([`success:${DONE}`]);
    vi.advanceTimersByTime(2999);
    expect(texts()).toEqual([`success:${DONE}`]);
    vi.advanceTimersByTime(1);
    expect(texts()).toEqual([]);
  });

  it("a non-OK answer: 'เกิดข้อผิดพลาดในการดาวน์โหลดไฟล์', nothing saved, the toast stays", async () => {
    const d = deps(async () => ({ ok: false, blob: async () => new Blob(['{"errors":"bad"}']) }));
    await expect(runDownload('/dl', 'accretion.zip', d)).resolves.toBe(false);
    expect(d.saved).toEqual([]);
    expect(texts()).toEqual([`error:${HTTP_ERROR} ${AGAIN}`]);
    vi.advanceTimersByTime(60_000);
    expect(texts()).toEqual([`error:${HTTP_ERROR} ${AGAIN}`]);
  });

  it('an empty body counts as a failed download', async () => {
    const d = deps(async () => ({ ok: true, blob: async () => new Blob([]) }));
    await expect(runDownload('/dl', 'erosion.zip', d)).resolves.toBe(false);
    expect(texts()).toEqual([`error:${HTTP_ERROR} ${AGAIN}`]);
  });

  it("a thrown error says why in Thai, never 'Failed to fetch'; one without a message shows ดาวน์โหลดไม่สำเร็จ", async () => {
    await runDownload('/dl', 'erosion.zip', deps(async () => Promise.reject(new TypeError('Failed to fetch'))));
    expect(texts()).toEqual([`error:${FAILED}: เชื่อมต่อเซิร์ฟเวอร์ไม่ได้ ตรวจสอบการเชื่อมต่ออินเทอร์เน็ตแล้วลองใหม่อีกครั้ง`]);
    toastStore.set({ toasts: [] });
    await runDownload('/dl', 'erosion.zip', deps(async () => Promise.reject(new Error(''))));
    expect(texts()).toEqual([`error:${FAILED} ${AGAIN}`]);
  });

  it('no answer within the timeout: the request is aborted and the failure shown', async () => {
    const d = deps((_url, init) => new Promise((_resolve, reject) => init.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))));
    const run = runDownload('/dl', 'erosion.zip', d);
    vi.advanceTimersByTime(20_000);
    await expect(run).resolves.toBe(false);
    expect(texts()).toHaveLength(1);
    expect(texts()[0]).toBe(`error:${FAILED}: ไม่ได้รับคำตอบจากเซิร์ฟเวอร์ภายใน 20 วินาที ${AGAIN}`);
  });
});
