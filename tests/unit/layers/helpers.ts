// Shared helpers of the layer-module tests: the real config's templates, and a fake
// deps.fetchJson that records every request a definition's load() sends.
import type { PickerValues } from '../../../src/engine/options.ts';
import type { AppConfig } from '../../../src/engine/types.ts';
import type { InstantiateContext, LoadContext, LoadDeps } from '../../../src/layers/types.ts';
import { schemaAjv } from '../../../src/loader/schemas.ts';

export interface FetchCall { url: string; method: 'GET' | 'POST'; form?: Record<string, string> }

/** A fake fetchJson: records each call and answers with `answer(call)` (an Error is thrown). */
export function fakeFetch(answer: (call: FetchCall) => unknown = () => ({ type: 'FeatureCollection', features: [] })): { calls: FetchCall[]; deps: LoadDeps } {
  const calls: FetchCall[] = [];
  return {
    calls,
    deps: {
      fetchJson: async (url, init) => {
        const call: FetchCall = { url, method: init.method, ...(init.form ? { form: init.form } : {}) };
        calls.push(call);
        const a = answer(call);
        if (a instanceof Error) throw a;
        return a;
      },
    },
  };
}

/** A template as the loader hands it on: validated against schemas/layer.schema.json, which
 *  fills the schema's defaults (ajv useDefaults). Throws with ajv's errors when it is invalid. */
export function validTemplate<T>(raw: Readonly<Record<string, unknown>>): T {
  const validate = schemaAjv().getSchema('https://tcs.example/schemas/layer.schema.json');
  const template = structuredClone(raw);
  if (!validate?.(template)) throw new Error(`invalid template: ${JSON.stringify(validate?.errors)}`);
  return template as T;
}

export function ictx(app: AppConfig, values: PickerValues = {}, vars: Record<string, string> = {}): InstantiateContext {
  return { app, values, vars };
}

export function lctx(app: AppConfig, values: PickerValues, deps: LoadDeps, vars: Record<string, string> = {}): LoadContext {
  return { app, values, vars, deps };
}

/** A minimal app config for the pure request functions (product tcs, the reference backend paths). */
export const testApp = {
  product: 'tcs',
  basePath: '/maps',
  backend: { router: '/{product}/v2/router', geoserver: '/geoserver/{product}_postgres' },
} as AppConfig;

export const y = (n: number) => ({ code: String(n), name: String(n) });
export const samui = { code: '3', name: 'เกาะสมุย', extra: { prv_code: '84', amp_code: '8404', prv_name: 'สุราษฎร์ธานี', amp_name: 'เกาะสมุย' } };
export const phaluai = { code: '6', name: 'เกาะพะลวย', extra: { prv_code: '84', amp_code: '8404', prv_name: 'สุราษฎร์ธานี', amp_name: 'เกาะสมุย' } };
