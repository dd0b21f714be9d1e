// Issue 23 item 3: a failed request says why in Thai on its row or panel (SPEC.md §8 texts where
// it has one), and the admin's ?debug=1 panel lists it with the server's own reason.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../src/api/client.ts';
import { ApiError } from '../../../src/api/errors.ts';
import { failureLog } from '../../../src/api/failureLog.ts';
import { routerCall } from '../../../src/api/pageApi.ts';
import { serverReason } from '../../../src/api/serverReason.ts';
import { failureText, statusFailureText } from '../../../src/ui/sections/common/failureText.ts';
import type { AppConfig } from '../../../src/engine/types.ts';

const clientWith = (fetchImpl: typeof fetch) => createApiClient({ timeoutMs: 20_000, cache: { maxEntries: 500, ttlMs: 300_000 }, fetchImpl });

const WFS2_REPORT = `<?xml version="1.0" encoding="UTF-8"?>
<ows:ExceptionReport xmlns:ows="http://www.opengis.net/ows/1.1" version="2.0.0"><ows:Exception exceptionCode="InvalidParameterValue" locator="CQL_FILTER"><ows:ExceptionText>tcs:coastallu_2558 has no attribute &quot;provice&quot;</ows:ExceptionText></ows:Exception></ows:ExceptionReport>`;

afterEach(() => failureLog.clear());

describe('the server reason of a failed answer', () => {
  it('reads an OWS ExceptionReport: code, locator and text, entities decoded', () => {
    expect(serverReason(WFS2_REPORT)).toBe('InvalidParameterValue (CQL_FILTER): tcs:coastallu_2558 has no attribute "provice"');
  });
  it('reads a WMS 1.1.1 ServiceExceptionReport', () => {
    const xml = '<ServiceExceptionReport version="1.1.1"><ServiceException code="LayerNotDefined">no layer tcs:x</ServiceException></ServiceExceptionReport>';
    expect(serverReason(xml)).toBe('LayerNotDefined: no layer tcs:x');
  });
  it('reads a JSON error body, else its text', () => {
    expect(serverReason('{"error":"unknown page"}')).toBe('unknown page');
    expect(serverReason('{"error":{"message":"boom"}}')).toBe('boom');
    expect(serverReason('{"errors":"ไม่พบหน้า","data":[]}')).toBe('ไม่พบหน้า');
    expect(serverReason('<html><body><h1>502 Bad Gateway</h1></body></html>')).toBe('502 Bad Gateway');
    expect(serverReason('  ')).toBe('');
    expect(serverReason('x'.repeat(2000)).length).toBe(500);
  });
});

describe('the API client logs each failure with its reason', () => {
  it('an HTTP 400 with an exception report: kind http, the status, the reason; logged once', async () => {
    const api = clientWith(async () => new Response(WFS2_REPORT, { status: 400, headers: { 'Content-Type': 'application/xml' } }));
    const error = await api.json('/wfs?request=GetFeature', { method: 'POST', form: { a: '1' } }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'http', status: 400, detail: { method: 'POST', reason: expect.stringContaining('provice') } });
    expect(failureLog.get()).toMatchObject([{ method: 'POST', url: '/wfs?request=GetFeature', body: 'a=1', status: 400, kind: 'http', reason: expect.stringContaining('has no attribute "provice"') }]);
  });
  it('a timeout says the time it waited; a cancelled request is not logged', async () => {
    vi.useFakeTimers();
    try {
      const hang = ((_: unknown, init?: RequestInit) =>
        new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))) as typeof fetch;
      const api = clientWith(hang);
      const slow = api.json('/slow').catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(20_000);
      expect(await slow).toMatchObject({ kind: 'timeout', detail: { timeoutMs: 20_000 } });
      const stop = new AbortController();
      const cancelled = api.json('/cancelled', { signal: stop.signal }).catch((e: unknown) => e);
      stop.abort();
      expect(await cancelled).toMatchObject({ kind: 'aborted' });
      expect(failureLog.get().map((f) => [f.url, f.kind])).toEqual([['/slow', 'timeout']]);
    } finally {
      vi.useRealTimers();
    }
  });
  it('a router answer with errors is a backend failure, logged with the router’s words', async () => {
    const api = clientWith(async () => new Response(JSON.stringify({ errors: 'unknown list', data: [] }), { status: 200 }));
    const app = { backend: { router: '/api/router' }, product: 'tcs' } as unknown as AppConfig;
    await expect(routerCall(api, app, { page: 'x' })).rejects.toMatchObject({ kind: 'backend' });
    expect(failureLog.get()).toMatchObject([{ url: '/api/router?page=x', kind: 'backend', reason: 'unknown list' }]);
  });
});

describe('the Thai message of a failure (th.failures)', () => {
  const http = (status: number) => new ApiError('http', '/x', 'HTTP', status, { method: 'GET' });
  it('a 5xx: the status and "try again", with a retry', () => {
    expect(failureText('layer', http(500))).toEqual({ text: 'โหลดชั้นข้อมูลไม่สำเร็จ (เซิร์ฟเวอร์ตอบ 500) ลองใหม่อีกครั้ง', retry: true });
    expect(failureText('layer', http(503)).retry).toBe(true);
    expect(failureText('list', http(429)).retry).toBe(true);
  });
  it('a 4xx is the request the config made: tell the admin, no retry', () => {
    expect(failureText('layer', http(400))).toEqual({ text: 'โหลดชั้นข้อมูลไม่สำเร็จ (เซิร์ฟเวอร์ตอบ 400) โปรดแจ้งผู้ดูแลระบบ', retry: false });
    expect(statusFailureText('tiles', 404).text).toBe('โหลดภาพแผนที่ของชั้นข้อมูลไม่สำเร็จ (เซิร์ฟเวอร์ตอบ 404) โปรดแจ้งผู้ดูแลระบบ');
  });
  it('time-out, network, unreadable answer and a router error are distinct messages', () => {
    const timeout = failureText('chart', new ApiError('timeout', '/x', 'late', undefined, { timeoutMs: 20_000 }));
    const network = failureText('chart', new ApiError('network', '/x', 'down'));
    const parse = failureText('chart', new ApiError('parse', '/x', 'html', 200));
    const backend = failureText('list', new ApiError('backend', '/x', 'errors', 200));
    expect(timeout).toEqual({ text: 'โหลดข้อมูลกราฟไม่สำเร็จ (เซิร์ฟเวอร์ไม่ตอบภายใน 20 วินาที) ลองใหม่อีกครั้ง', retry: true });
    expect(network).toEqual({ text: 'โหลดข้อมูลกราฟไม่สำเร็จ (เชื่อมต่อเซิร์ฟเวอร์ไม่ได้) ตรวจสอบการเชื่อมต่ออินเทอร์เน็ตแล้วลองใหม่อีกครั้ง', retry: true });
    expect(parse).toEqual({ text: 'โหลดข้อมูลกราฟไม่สำเร็จ (ข้อมูลที่ได้รับอ่านไม่ได้) โปรดแจ้งผู้ดูแลระบบ', retry: false });
    expect(backend.text).toBe('โหลดรายการไม่สำเร็จ (เซิร์ฟเวอร์แจ้งข้อผิดพลาด) โปรดแจ้งผู้ดูแลระบบ');
    expect(new Set([timeout.text, network.text, parse.text]).size).toBe(3);
  });
  it('anything else (a bad answer shape, a config slip) goes to the admin', () => {
    expect(failureText('layer', new Error('answer is not a FeatureCollection'))).toEqual({ text: 'โหลดชั้นข้อมูลไม่สำเร็จ โปรดแจ้งผู้ดูแลระบบ', retry: false });
  });
});
