// `npx tsx scripts/check-config.ts [dir]` (npm run check:config): the gate of the build and the
// start (DESIGN.md §3 "A bad config fails the build and the start with that message").
// Runs the same tsx that npx would, from node_modules/.bin, in a child process.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, cleanupTempConfigs, loadEdited, yaml } from './helpers.ts';

afterAll(cleanupTempConfigs);

const TSX = path.join(REPO_ROOT, 'node_modules/.bin/tsx');

function checkConfig(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const env = { ...process.env };
    delete env.CONFIG_DIR; // the script's fallback when no dir is given
    // the config alone: tests/server/checkConfigData.test.ts runs the database half
    execFile(TSX, ['scripts/check-config.ts', '--no-database', ...args], { cwd: REPO_ROOT, env }, (err, stdout, stderr) => {
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe('scripts/check-config.ts', () => {
  it('exits 0 with one summary line on the real config', async () => {
    const { code, stdout, stderr } = await checkConfig();
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout.trimEnd().split('\n')).toEqual([expect.stringMatching(/^config ok: 17 topics, \d+ variants, \d+ legends, \d+ cascades, \d+ forms, \d+ catalog layers \(config\)$/)]);
  }, 60_000);

  it('exits 1 printing `file:line:column path: message` lines on a broken temp copy', async () => {
    // Line 11 `        legend: lu-2558` (value in column 17); line 14 `      - { kind: legend, legend: land-use }`
    // (`land-use` in column 33).
    const text = yaml`
      route: landuse
      title: { th: การใช้ประโยชน์ที่ดิน, en: Land Use }
      menu: { order: 12, icon: landuse }
      variants:
        - path: ""
          layers:
            - id: landuse-2558
              type: wms
              name: "Land use 2558"
              layers: "{product}:coastallu_2558"
              legend: lu-2558
          sections:
            - { kind: addLayer, label: เพิ่มชั้นข้อมูล, layer: landuse-2558 }
            - { kind: legend, legend: land-use }
    `;
    const { dir } = await loadEdited({ file: 'topics/landuse.yaml', text });
    const { code, stdout, stderr } = await checkConfig(dir);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    const file = path.join(dir, 'topics/landuse.yaml');
    expect(stderr.trimEnd().split('\n')).toEqual([
      `${file}:11:17 variants[0].layers[0].legend: unknown legend "lu-2558"; known: erosion-accretion, cmline-years, shoreline-years, change-rate, coastal-status, coastal-structure, landuse, cvi, potential, littoral, erosion-solution, radar-current, ...`,
      `${file}:14:33 variants[0].sections[1].legend: unknown legend "land-use" (did you mean "landuse"?)`,
      '2 config errors',
    ]);
  }, 60_000);
});
