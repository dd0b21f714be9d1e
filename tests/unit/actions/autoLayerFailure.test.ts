// Issue 23 item 3: a layer shown on entry (`auto`, SPEC.md §2 /cctv) has no row to speak on: its
// failure is said in a Thai error toast naming it, and the page's other work goes on.
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/errors.ts';
import { showAutoLayers } from '../../../src/ui/topic/actions/layerActions.ts';
import { contextFor, realBundle, recorder } from './helpers.ts';

describe('auto layers', () => {
  it('/cctv: a 503 from the station list is an error toast with the layer name, the status and ลองใหม่อีกครั้ง', { timeout: 30_000 }, async () => {
    const bundle = await realBundle();
    const r = recorder(() => new ApiError('http', '/x', 'HTTP 503', 503, { method: 'GET' }));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    showAutoLayers(contextFor(bundle, 'cctv', '', {}), r.deps);
    await vi.waitFor(() => expect(r.toasts.filter((t) => t.kind === 'error').map((t) => t.text)).toEqual(['กล้อง CCTV ชายฝั่ง: โหลดชั้นข้อมูลไม่สำเร็จ (เซิร์ฟเวอร์ตอบ 503) ลองใหม่อีกครั้ง']));
    expect(r.layers.size).toBe(0);
  });
});
