// The validated config kept between starts of one server bundle (src/server/configCache.ts): the
// key follows the config files, the schemas and the code; a kept config is the one validation
// returns; an invalid config is never kept, so its errors show on every start. Config dirs keep
// their entries side by side (issue 23 item 5: another CONFIG_DIR never drops the default's).
import { appendFileSync, cpSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDirs } from './tempDirs.ts';
import { SCHEMA_DIR } from '../../src/loader/schemaDir.ts';
import { loadConfigDir } from '../../src/loader/loadConfig.ts';
import { configKey, loadConfigCached } from '../../src/server/configCache.ts';

const CONFIG = fileURLToPath(new URL('../../config', import.meta.url));
const tempDir = tempDirs();
function configCopy(): string {
  const dir = path.join(tempDir('tcs-config-'), 'config');
  cpSync(CONFIG, dir, { recursive: true });
  return dir;
}

describe('the validated config cache', () => {
  it('has a key that follows a config file (also in a subfolder), a schema and the code', () => {
    const config = configCopy();
    const schemas = tempDir('tcs-schemas-');
    cpSync(SCHEMA_DIR, schemas, { recursive: true });
    const key = configKey(config, 'code-a', schemas);
    expect(configKey(config, 'code-a', schemas)).toBe(key);
    expect(configKey(config, 'code-b', schemas)).not.toBe(key);
    appendFileSync(path.join(config, 'topics', 'cvi.yaml'), '\n# an edit\n');
    const edited = configKey(config, 'code-a', schemas);
    expect(edited).not.toBe(key);
    appendFileSync(path.join(schemas, readdirSync(schemas).find((f) => f.endsWith('.schema.json'))!), ' ');
    expect(configKey(config, 'code-a', schemas)).not.toBe(edited);
  });

  it('returns what validation returns, from the cache on the second load', async () => {
    const config = configCopy();
    const cache = tempDir('tcs-config-cache-');
    const first = await loadConfigCached(config, 'code', cache);
    const second = await loadConfigCached(config, 'code', cache);
    expect(first.cached).toBe(false);
    expect(second.cached).toBe(true);
    const { cached: _first, ...validated } = first;
    const { cached: _second, ...kept } = second;
    expect(kept).toEqual(validated);
    expect(kept).toEqual(await loadConfigDir(config));
    expect((await loadConfigCached(config, 'other code', cache)).cached).toBe(false);
  });

  it('keeps each config dir beside the others: loading another never drops one', async () => {
    const config = configCopy();
    const other = configCopy();
    appendFileSync(path.join(other, 'app.yaml'), '\n# another installation\n');
    const cache = tempDir('tcs-config-cache-');
    expect((await loadConfigCached(config, 'code', cache)).cached).toBe(false);
    expect((await loadConfigCached(other, 'code', cache)).cached).toBe(false);
    expect((await loadConfigCached(config, 'code', cache)).cached).toBe(true);
    expect((await loadConfigCached(other, 'code', cache)).cached).toBe(true);
  });

  it('keeps the 16 most recently used entries: a new one drops the least recently used', async () => {
    const cache = tempDir('tcs-config-cache-');
    const entry = (i: number) => `config-${i.toString(16).padStart(40, '0')}.json`;
    for (let i = 0; i < 16; i++) {
      writeFileSync(path.join(cache, entry(i)), '{}');
      const used = new Date(Date.now() - (i + 1) * 60_000); // entry(15) the least recently used
      utimesSync(path.join(cache, entry(i)), used, used);
    }
    expect((await loadConfigCached(configCopy(), 'code', cache)).cached).toBe(false);
    const kept = readdirSync(cache);
    expect(kept).toHaveLength(16);
    expect(kept).not.toContain(entry(15));
    expect(kept).toContain(entry(14));
  });

  it('never keeps an invalid config: its errors come on every load', async () => {
    const config = configCopy();
    const cache = tempDir('tcs-config-cache-');
    appendFileSync(path.join(config, 'app.yaml'), '\nnotAKey: 1\n');
    for (let i = 0; i < 2; i++) {
      const loaded = await loadConfigCached(config, 'code', cache);
      expect(loaded.ok).toBe(false);
      expect(loaded.cached).toBe(false);
      if (!loaded.ok) expect(loaded.errors.map((e) => e.file).join(' ')).toContain('app.yaml');
    }
    expect(readdirSync(cache)).toEqual([]);
  });
});
