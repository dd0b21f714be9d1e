// The change-area and island charts, now declared in config (the config holds exactly
// fixtures/specs.ts), look and sum exactly as the code before them drew: fixtures/today.json holds what that code (barChartSpec, tableRows, totalRow
// and the panel's total line) produced for fixtures/features.ts, computed before it was deleted; since issue 16
// rai and ngan are whole and area texts read rai, ngan and square wah (glossary units).
import { parse, View } from 'vega';
import { compile } from 'vega-lite';
import { describe, expect, it } from 'vitest';
import { compileChart, type ChartInput, type CompiledChart } from '../../../src/engine/charts/compile.ts';
import type { ChartSpec } from '../../../src/engine/charts/spec.ts';
import { loadConfigDir } from '../../../src/loader/loadConfig.ts';
import { schemaAjv } from '../../../src/loader/schemas.ts';
import { CONFIG_DIR } from '../engine/helpers.ts';
import { adminFeatures, islandParts, islandUnsplit } from './fixtures/features.ts';
import { adminChart, erosionAccretion, islandChart } from './fixtures/specs.ts';
import today from './fixtures/today.json' with { type: 'json' };

type Today = (typeof today)['adminProvince'];
type TodayRow = { province: string; district: string; subdistrict?: string; rai: string; ngan: string; wah: string; sqkm: string };

/** The SVG vega draws for a vega-lite spec (the container width fixed: there is no page here).
 *  Bars, axes, colours, and each bar's aria-label holding its tooltip texts. */
async function svgOf(spec: Record<string, unknown>): Promise<string> {
  const view = new View(parse(compile({ ...spec, width: 400 } as never).spec), { renderer: 'none' });
  return view.toSVG();
}

/** Today's data field names of the levels, as the declarative chart numbers them. */
function renameLevels(spec: Today['vegaLite']): unknown {
  const names: Record<string, string> = { province: 'level1', district: 'level2', subdistrict: 'level3' };
  const rename = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [names[k] ?? k, v]));
  return {
    ...spec,
    data: { values: spec.data.values.map(rename) },
    encoding: { ...spec.encoding, tooltip: spec.encoding.tooltip.map((t) => ({ ...t, field: names[t.field] ?? t.field })) },
  };
}

async function expectSame(chart: CompiledChart | null, expected: Today) {
  expect(chart).not.toBeNull();
  const { table, totalText, vegaLite, levels } = chart!;
  expect(levels.length).toBe(expected.level === 'district' ? 2 : 3);
  expect(totalText).toBe(expected.totalText);
  expect([...table!.nameColumns, ...table!.valueColumns]).toEqual(expected.columns);
  const rows = (expected.rows as TodayRow[]).map((r) => [r.province, r.district, ...(r.subdistrict === undefined ? [] : [r.subdistrict]), r.rai, r.ngan, r.wah, r.sqkm]);
  expect(table!.rows.map((r) => [...r.names, ...r.values])).toEqual(rows);
  expect(table!.total).toEqual({ label: 'รวม', values: [expected.total.rai, expected.total.ngan, expected.total.wah, expected.total.sqkm] });
  expect(vegaLite).toEqual(renameLevels(expected.vegaLite));
  expect(await svgOf(vegaLite)).toBe(await svgOf(expected.vegaLite));
}

/** A chart spec as the loader hands it on: the section schema's defaults filled in (ajv useDefaults). */
function withSchemaDefaults(spec: ChartSpec): unknown {
  const section = structuredClone({ kind: 'chart', ...spec });
  expect(schemaAjv().getSchema('https://tcs.example/schemas/section.schema.json')?.(section)).toBe(true);
  const { kind: _, ...chart } = section;
  return chart;
}

const fc = (features: ChartInput['features']['features']) => ({ features });

describe('the change-area charts as config (issue 9 item 5: look and sum exactly as before)', () => {
  const erosion = adminChart('erosion', 'พื้นที่การกัดเซาะ');

  it('§4 a province query: province > district, bars "อ.X จ.Y", skipped features as before', async () => {
    const input = { features: fc(adminFeatures), parts: [{ features: fc(adminFeatures) }], viewparams: { code: '90', start: '2562', end: '2567' } };
    await expectSame(compileChart(erosion, input, [erosionAccretion]), today.adminProvince);
  });

  it('§4 a district query: down to sub-districts, bars "ต.X อ.Y", a repeated label numbered', async () => {
    const input = { features: fc(adminFeatures), viewparams: { code: '9001', start: '2562', end: '2567' } };
    await expectSame(compileChart(erosion, input, [erosionAccretion]), today.adminDistrict);
  });

  it('§4 islands split by request: parts merged, "district (island)", unknown names, missing area 0', async () => {
    const input = { features: fc(islandParts.flatMap((p) => p.features)), parts: islandParts.map((p) => ({ label: p.label, features: fc(p.features) })) };
    await expectSame(compileChart(islandChart('accretion', 'พื้นที่การทับถมรายเกาะ'), input, [erosionAccretion]), today.island);
  });

  it("§4 islands in one request: the feature's island property names the island", async () => {
    const input = { features: fc(islandUnsplit), parts: [{ features: fc(islandUnsplit) }] };
    await expectSame(compileChart(islandChart('erosion', 'พื้นที่การกัดเซาะรายเกาะ'), input, [erosionAccretion]), today.islandUnsplit);
  });
});

describe('config/topics declares exactly these charts', () => {
  it('every erosion/accretion chart of the real config is the administrative or the island chart above, coloured by the erosion-accretion legend', async () => {
    const result = await loadConfigDir(CONFIG_DIR);
    if (!result.ok) throw new Error('config did not load');
    const charts = result.bundle.topics.flatMap((t) =>
      t.variants.flatMap((v) => v.sections.filter((s) => s.kind === 'chart').map((s) => ({ at: `${t.route}/${v.path}`, section: s as unknown as ChartSpec & { kind: 'chart' } }))),
    );
    expect(charts.map((c) => c.at)).toEqual([
      'cmline/island', 'cmline/island',
      'cmline-changearea/', 'cmline-changearea/',
      'cmline-changearea/island', 'cmline-changearea/island',
      'cmline-changearea/songkhla-lake-land', 'cmline-changearea/songkhla-lake-land',
      'cmline-changearea/songkhla-lake-island', 'cmline-changearea/songkhla-lake-island',
      'change/', 'change/',
      // /shoreline-trend (issue 14): coast length by rate class and mean LRR, from the server's totals.
      'shoreline-trend/', 'shoreline-trend/', 'shoreline-trend/beach', 'shoreline-trend/beach', 'shoreline-trend/view', 'shoreline-trend/view',
    ]);
    for (const { at, section: { kind: _, ...chart } } of charts.filter((c) => c.section.from !== 'rates')) {
      const row = chart.from as 'erosion' | 'accretion';
      const expected = withSchemaDefaults(chart.barLabel === 'deepest' ? islandChart(row, chart.title) : adminChart(row, chart.title));
      expect({ at, chart }).toEqual({ at, chart: expected });
    }
    expect(result.bundle.legends).toContainEqual(erosionAccretion);
  });
});
