import { fileURLToPath } from 'node:url';

/** The folder of the config's JSON Schemas (a module of its own: knowing it loads no ajv). */
export const SCHEMA_DIR = fileURLToPath(new URL('../../schemas/', import.meta.url));
