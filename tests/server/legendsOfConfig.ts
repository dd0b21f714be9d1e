// The legends of config/legends.yaml as the server gets them from the loader: item labels filled
// from config/glossary.yaml (issue 16), read on their own without the rest of the client config.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { resolveLegends, type LegendSource } from '../../src/engine/glossary.ts';
import type { Glossary, Legend } from '../../src/engine/types.ts';

const CONFIG = fileURLToPath(new URL('../../config/', import.meta.url));

export function legendsOfConfig(): Legend[] {
  const read = (name: string): unknown => parse(readFileSync(path.join(CONFIG, name), 'utf8'));
  return resolveLegends((read('legends.yaml') as { legends: LegendSource[] }).legends, read('glossary.yaml') as Glossary);
}
