// OGC key-value parameters: names are case-insensitive; GET query, a form-encoded POST body, or
// the parameters of a WFS XML request body (xmlRequest.ts).
import type { IncomingMessage } from 'node:http';
import { readBody } from '../http/body.ts';
import { OgcError } from './exception.ts';
import { isXmlBody, xmlRequestParams } from './xmlRequest.ts';

const MAX_OGC_BODY = 256 * 1024;

export class Kvp {
  private readonly map = new Map<string, string>();
  constructor(params: URLSearchParams) {
    for (const [k, v] of params) {
      const key = k.toUpperCase();
      if (this.map.has(key)) throw new OgcError('InvalidParameterValue', `parameter ${key} is given more than once`, key);
      this.map.set(key, v);
    }
  }
  get(name: string): string | undefined {
    return this.map.get(name.toUpperCase());
  }
  /** Every parameter (upper-case name, value), in request order. */
  entries(): Array<[string, string]> {
    return [...this.map];
  }
  require(name: string): string {
    const v = this.get(name);
    if (v === undefined || v === '') throw new OgcError('MissingParameterValue', `missing parameter ${name.toUpperCase()}`, name.toUpperCase());
    return v;
  }
  int(name: string, min: number, max: number, fallback?: number): number {
    const raw = this.get(name);
    if (raw === undefined || raw === '') {
      if (fallback !== undefined) return fallback;
      throw new OgcError('MissingParameterValue', `missing parameter ${name.toUpperCase()}`, name.toUpperCase());
    }
    if (!/^\d+$/.test(raw)) throw new OgcError('InvalidParameterValue', `${name.toUpperCase()} must be a whole number, got "${raw.slice(0, 40)}"`, name.toUpperCase());
    const n = Number(raw);
    if (n < min || n > max) throw new OgcError('InvalidParameterValue', `${name.toUpperCase()} must be between ${min} and ${max}, got ${n}`, name.toUpperCase());
    return n;
  }
}

export async function readKvp(req: IncomingMessage, query: URLSearchParams): Promise<Kvp> {
  if (req.method !== 'POST') return new Kvp(query);
  const type = String(req.headers['content-type'] ?? '');
  const body = (await readBody(req, MAX_OGC_BODY)).toString('utf8');
  if (type.includes('application/x-www-form-urlencoded')) {
    const merged = new URLSearchParams(query);
    for (const [k, v] of new URLSearchParams(body)) merged.append(k, v);
    return new Kvp(merged);
  }
  if (isXmlBody(type, body)) return new Kvp(xmlRequestParams(body, MAX_OGC_BODY));
  throw new OgcError('OperationNotSupported', 'POST bodies must be a WFS XML request (text/xml) or application/x-www-form-urlencoded');
}
