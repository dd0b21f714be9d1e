// What every section drawer of the atlas gets: the area, its period and statistics, the config
// it draws from, and the PDF helpers (Thai text runs, the page's width).
import type { AtlasChartRef, AtlasDoc } from '../../engine/atlasTypes.ts';
import type { ConfigBundle } from '../../engine/types.ts';
import { sectionCharts, type SectionChart } from '../../loader/sectionCharts.ts';
import { FONT } from '../../pdf/fonts.ts';
import { nestRuns, thaiRuns } from '../../pdf/thaiText.ts';
import type { Database } from '../db/types.ts';
import type { Period } from '../transects/query.ts';
import type { AtlasArea } from './areas.ts';
import type { TrendStats } from './data.ts';

const A4 = { width: 595.28, height: 841.89 } as const;
export const MARGIN = 36;
export const CONTENT_WIDTH = A4.width - 2 * MARGIN;
export { FONT };

/** A pdfmake node. */
export type Node = Record<string, unknown> | string | Node[];

/** The config the atlas draws from: atlas.yaml and the client bundle's topics, legends, glossary. */
export interface AtlasConfig {
  atlas: AtlasDoc;
  bundle: Pick<ConfigBundle, 'topics' | 'legends' | 'glossary' | 'app'>;
}

export interface AtlasContext {
  db: Database;
  config: AtlasConfig;
  area: AtlasArea;
  period: Period;
  stats: TrendStats;
  sample: boolean;
  /** The permalink of the same area on the map. */
  link: string;
}

export const text = (value: string, extra: Record<string, unknown> = {}): Node => ({ text: nestRuns(thaiRuns(value)), ...extra });
/** A section heading (one line, plain text: pageBreakBefore sees inline runs as nodes of their own); never left alone at the foot of a page. */
export const heading = (value: string): Node => ({ text: value, bold: true, fontSize: 14, color: '#0B4F8A', margin: [0, 12, 0, 4], headlineLevel: 1 });

/** `{name}`-style placeholders filled from `values`. */
export function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

/** The chart section a reference names (check:config made sure it exists). */
export function chartSpec(config: AtlasConfig, ref: AtlasChartRef): SectionChart {
  const topic = config.bundle.topics.find((t) => t.route === ref.topic);
  const variant = topic?.variants.find((v) => v.path === ref.variant);
  const chart = sectionCharts(variant?.sections ?? []).find((c) => c.id === ref.chart);
  if (!chart) throw new Error(`atlas: no chart ${ref.chart} in ${ref.topic}/${ref.variant}`);
  return chart;
}

/** The catalog layer name a topic layer requests ('{product}:erosion_area' -> 'erosion_area'). */
export function layerName(config: AtlasConfig, ref: AtlasChartRef, layerId: string): string | undefined {
  const topic = config.bundle.topics.find((t) => t.route === ref.topic);
  const variant = topic?.variants.find((v) => v.path === ref.variant);
  const layer = variant?.layers.find((l) => l.id === layerId) as { layers?: string } | undefined;
  return layer?.layers?.replace(/^\{product\}:/, '');
}
