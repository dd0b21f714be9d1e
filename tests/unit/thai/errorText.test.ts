// Failures in words a Thai visitor can act on (issue 24, Thai text items 2 and 4): the browser's
// own English never reaches the screen, each text says what to do next, and a GPS failure says why.
import { describe, expect, it } from 'vitest';
import { errorText } from '../../../src/locale/errorText.ts';
import { gpsErrorText } from '../../../src/machines/gps.ts';
import { th } from '../../../src/locale/th.ts';

const NEXT = /ลองใหม่อีกครั้ง|โปรดแจ้งผู้ดูแลระบบ/;

describe('errorText', () => {
  it("the raw browser messages of Chromium, Firefox and Safari become Thai, each with what to do", () => {
    for (const raw of ['Failed to fetch', 'NetworkError when attempting to fetch resource.', 'Load failed', 'net::ERR_CONNECTION_REFUSED']) {
      expect(errorText(new TypeError(raw)), raw).toBe('เชื่อมต่อเซิร์ฟเวอร์ไม่ได้ ตรวจสอบการเชื่อมต่ออินเทอร์เน็ตแล้วลองใหม่อีกครั้ง');
    }
    expect(errorText(new DOMException('The operation was aborted.', 'AbortError'))).toBe('การทำงานถูกยกเลิก ลองใหม่อีกครั้ง');
    expect(errorText(new SyntaxError('Unexpected token < in JSON at position 0'))).toBe('ข้อมูลที่ได้รับอ่านไม่ได้ โปรดแจ้งผู้ดูแลระบบ');
    expect(errorText(new DOMException('QuotaExceededError: storage quota', 'QuotaExceededError'))).toMatch(/^พื้นที่จัดเก็บในเบราว์เซอร์เต็ม/);
    expect(errorText({ message: 'something odd happened' })).toBe('เกิดข้อผิดพลาดที่ไม่คาดคิด ลองใหม่อีกครั้ง');
    for (const raw of ['Failed to fetch', 'Load failed', 'boom']) expect(errorText(raw)).toMatch(NEXT);
  });

  it('a message already in Thai is kept; an empty or missing one is left to the caller', () => {
    expect(errorText(new Error('ไฟล์ใหญ่เกินไป'))).toBe('ไฟล์ใหญ่เกินไป');
    expect(errorText(new Error(''))).toBeNull();
    expect(errorText(undefined)).toBeNull();
    expect(errorText(42)).toBeNull();
  });
});

describe('gpsErrorText: why the position could not be had (GeolocationPositionError codes)', () => {
  it('permission denied, unavailable and timeout each say so in Thai with what to do', () => {
    expect(gpsErrorText({ code: 1 })).toBe(th.gps.denied);
    expect(gpsErrorText({ code: 2 })).toBe(th.gps.unavailable);
    expect(gpsErrorText({ code: 3 })).toBe('ระบุตำแหน่งไม่ได้ภายใน 10 วินาที ลองใหม่อีกครั้งในที่ที่รับสัญญาณได้ดีกว่า');
    expect(th.gps.denied).toMatch(/^ไม่ได้รับอนุญาตให้เข้าถึงตำแหน่ง .*ลองใหม่อีกครั้ง$/);
    expect(th.gps.unavailable).toMatch(/ลองใหม่อีกครั้ง$/);
  });
});
