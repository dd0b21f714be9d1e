// Builds the client bundle from validated documents: cascades expanded, topics ordered by menu,
// legend labels filled from the glossary.
import type { AppConfig, CascadeDef, ConfigBundle, FormDoc, Glossary, MenuDoc, TopicDoc } from './types.ts';
import { resolvePickers } from './resolve.ts';
import { resolveLegends, type LegendSource } from './glossary.ts';

interface BundleInput {
  app: AppConfig;
  menu: MenuDoc;
  legends: LegendSource[];
  glossary: Glossary;
  cascades: CascadeDef[];
  topics: TopicDoc[];
  forms: FormDoc[];
}

export function buildBundle(input: BundleInput): ConfigBundle {
  const topics = [...input.topics]
    .sort((a, b) => (a.menu?.order ?? Number.MAX_SAFE_INTEGER) - (b.menu?.order ?? Number.MAX_SAFE_INTEGER) || a.route.localeCompare(b.route))
    .map((t) => ({
      ...t,
      variants: t.variants.map((v) => ({
        ...v,
        pickers: resolvePickers(v.pickers ?? [], input.cascades),
        lists: v.lists ?? [],
        layers: v.layers ?? [],
        validations: v.validations ?? [],
        sections: v.sections ?? [],
      })),
    }));
  return { app: input.app, menu: input.menu, legends: resolveLegends(input.legends, input.glossary), glossary: input.glossary, topics, forms: input.forms };
}
