// config/atlas.yaml against the rest of the config: the permalink's page and variants, the
// topics' charts the atlas draws again, and the legends it lists.
import type { AtlasChartRef, AtlasDoc } from '../engine/atlasTypes.ts';
import { ATLAS_AREA_KINDS } from '../engine/atlasTypes.ts';
import type { TopicDoc } from '../engine/types.ts';
import type { Issues } from './issues.ts';
import type { Loaded } from './readDocument.ts';
import { sectionCharts } from './sectionCharts.ts';

/** `failedTopics`: routes whose topic file did not load (already reported; references to them are not). */
export function checkAtlas(issues: Issues, atlas: Loaded<AtlasDoc>, topics: ReadonlyArray<Loaded<TopicDoc>>, legendIds: readonly string[], failedTopics: readonly string[] = []): void {
  const { doc, data } = atlas;
  const topicOf = (route: string) => topics.find((t) => t.data.route === route)?.data;
  const routes = topics.map((t) => t.data.route);
  const linked = topicOf(data.link.route);
  if (!linked && !failedTopics.includes(data.link.route)) issues.unknown(doc, ['link', 'route'], 'topic route', data.link.route, routes);
  for (const kind of ATLAS_AREA_KINDS) {
    const k = data.kinds[kind];
    const variants = linked?.variants.map((v) => v.path) ?? [];
    if (linked && !variants.includes(k.variant)) issues.unknown(doc, ['kinds', kind, 'variant'], `variant of ${data.link.route}`, k.variant, variants);
    k.sections.forEach((s, i) => {
      const at = ['kinds', kind, 'sections', i];
      if (s.kind === 'legend') s.legends.forEach((id, j) => legendIds.includes(id) || issues.unknown(doc, [...at, 'legends', j], 'legend', id, legendIds));
      if (s.kind === 'trend' && s.legend !== undefined && !legendIds.includes(s.legend)) issues.unknown(doc, [...at, 'legend'], 'legend', s.legend, legendIds);
      if (s.kind === 'change-areas' || s.kind === 'trend') {
        s.charts.forEach((ref, j) => failedTopics.includes(ref.topic) || checkChartRef(issues, atlas, [...at, 'charts', j], ref, topicOf, routes));
      }
    });
  }
}

function checkChartRef(
  issues: Issues,
  atlas: Loaded<AtlasDoc>,
  at: Array<string | number>,
  ref: AtlasChartRef,
  topicOf: (route: string) => TopicDoc | undefined,
  routes: readonly string[],
): void {
  const topic = topicOf(ref.topic);
  if (!topic) return issues.unknown(atlas.doc, [...at, 'topic'], 'topic route', ref.topic, routes);
  const variant = topic.variants.find((v) => v.path === ref.variant);
  if (!variant) return issues.unknown(atlas.doc, [...at, 'variant'], `variant of ${ref.topic}`, ref.variant, topic.variants.map((v) => v.path));
  const charts = sectionCharts(variant.sections ?? []).map((c) => c.id);
  if (!charts.includes(ref.chart)) issues.unknown(atlas.doc, [...at, 'chart'], `chart of ${ref.topic}${ref.variant ? `/${ref.variant}` : ''}`, ref.chart, charts);
}
