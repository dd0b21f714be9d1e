// One ajv instance holding every schema of schemas/, shared by the loader, the form and tests.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Ajv, ValidateFunction } from 'ajv';
import type { FormatsPlugin } from 'ajv-formats';
import { lazyPackage } from './lazyPackage.ts';
import { SCHEMA_DIR } from './schemaDir.ts';

const ajvPackage = lazyPackage<typeof import('ajv')>('ajv');
const addFormats = lazyPackage<FormatsPlugin>('ajv-formats'); // CommonJS: the plugin is module.exports

const SCHEMA_BASE = 'https://tcs.example/schemas/';

export type ConfigKind = 'app' | 'menu' | 'legends' | 'pickers' | 'topic' | 'proposal' | 'glossary' | 'layers' | 'atlas';

let ajv: Ajv | undefined;

export function schemaAjv(): Ajv {
  if (ajv) return ajv;
  // strict: a schema keyword ajv would ignore (an unknown keyword, a default it cannot apply, a
  // type-less constraint) is an error, not silence. strictRequired stays ajv's default (off): it
  // refuses the `oneOf: [{required: [a]}, {required: [b]}]` idiom. useDefaults writes each
  // schema default into the validated config, so the code reads defaults from the config only.
  ajv = new (ajvPackage().Ajv)({ allErrors: true, verbose: true, discriminator: true, strict: true, strictRequired: false, useDefaults: true, allowUnionTypes: true });
  addFormats()(ajv);
  for (const name of readdirSync(SCHEMA_DIR).filter((f) => f.endsWith('.schema.json'))) {
    ajv.addSchema(JSON.parse(readFileSync(path.join(SCHEMA_DIR, name), 'utf8')) as object);
  }
  return ajv;
}

export function validatorFor(kind: ConfigKind): ValidateFunction {
  const fn = schemaAjv().getSchema(`${SCHEMA_BASE}${kind}.schema.json`);
  if (!fn) throw new Error(`schema ${kind}.schema.json is missing from ${SCHEMA_DIR}`);
  return fn;
}
