// Checks between documents and inside a topic that a schema cannot express: every id a config
// refers to exists, ids are unique, and every {variable} of a template has a provider.
import type { ConfigError, JsonPath } from '../engine/errors.ts';
import type { AppConfig, CascadeDef, FormDoc, Glossary, MenuDoc, TopicDoc } from '../engine/types.ts';
import type { Loaded, SourceDocument } from './readDocument.ts';
import { templateProblem, templateVariables } from '../engine/template.ts';
import { checkVariant } from './crossrefVariant.ts';
import { Issues } from './issues.ts';
import { checkGlossary } from './crossrefGlossary.ts';
import { resolveLegends, type LegendSource } from '../engine/glossary.ts';
import type { CatalogDoc, Published } from '../engine/catalog.ts';
import { checkCatalogLegends, checkPublished } from './crossrefCatalog.ts';
import { checkLayerData } from './crossrefLayerData.ts';
import { checkCatalogLegendFields, checkLegendRanges } from './crossrefLegends.ts';
import { menuIconNames } from '../engine/menuIcons.ts';
import { checkChartUnits } from './crossrefUnits.ts';
import { checkDrawerLabels } from './crossrefDrawerLabels.ts';

export type { Loaded };

interface CrossRefInput {
  app?: Loaded<AppConfig>;
  menu?: Loaded<MenuDoc>;
  legends?: Loaded<{ legends: LegendSource[] }>;
  glossary?: Loaded<Glossary>;
  pickers?: Loaded<{ cascades: CascadeDef[] }>;
  topics: Array<Loaded<TopicDoc> & { fileRoute: string }>;
  forms: Array<Loaded<FormDoc>>;
  /** The layer catalog and what it publishes (absent when it failed its own checks). */
  catalog?: { loaded: Loaded<CatalogDoc>; layers: readonly Published[] };
}

export function crossCheck(input: CrossRefInput): ConfigError[] {
  const issues = new Issues();
  // A shared file that failed its own checks is reported once; references into it are not.
  const legendIds = input.legends?.data.legends.map((l) => l.id);
  const legends = input.legends && resolveLegends(input.legends.data.legends, input.glossary?.data ?? { codes: {} });
  const cascades = input.pickers?.data.cascades;
  const formIds = input.forms.map((f) => f.data.id);
  const routes = input.topics.map((t) => t.data.route);

  if (input.legends) {
    issues.duplicates(input.legends.doc, input.legends.data.legends.map((l, i) => ({ id: l.id, path: ['legends', i, 'id'] })), 'legend id');
  }
  if (input.pickers && cascades) checkCascades(issues, input.pickers.doc, cascades);
  if (input.pickers && input.catalog) checkLayerData(issues, input.pickers, input.catalog.layers);
  if (input.menu) {
    issues.duplicates(input.menu.doc, input.menu.data.external.map((e, i) => ({ id: e.id, path: ['external', i, 'id'] })), 'menu entry id');
  }
  if (input.app) checkApp(issues, input.app, routes);
  if (input.catalog && legendIds) checkCatalogLegends(issues, input.catalog.loaded, legendIds);
  if (input.catalog && input.legends) checkCatalogLegendFields(issues, input.catalog.loaded, input.catalog.layers, input.legends.data.legends);
  if (input.legends) checkLegendRanges(issues, input.legends);

  for (const f of input.forms) checkForm(issues, f);
  if (input.glossary) checkGlossary(issues, { glossary: input.glossary, forms: input.forms, ...(input.legends ? { legends: input.legends } : {}) });

  const orders = new Map<number, string>();
  const seenRoutes = new Map<string, string>();
  for (const t of input.topics) {
    const { doc, data } = t;
    if (data.route !== t.fileRoute) {
      issues.add(doc, ['route'], `route "${data.route}" must match the file name (expected "${t.fileRoute}")`);
    }
    const other = seenRoutes.get(data.route);
    if (other) issues.add(doc, ['route'], `duplicate route "${data.route}" (also in ${other})`);
    seenRoutes.set(data.route, doc.file);
    if (data.menu?.icon !== undefined && !(menuIconNames as string[]).includes(data.menu.icon)) {
      issues.unknown(doc, ['menu', 'icon'], 'menu icon', data.menu.icon, menuIconNames);
    }
    if (data.menu) {
      const taken = orders.get(data.menu.order);
      if (taken) issues.add(doc, ['menu', 'order'], `menu order ${data.menu.order} is already used by topic "${taken}"`);
      orders.set(data.menu.order, data.route);
    }
    issues.duplicates(doc, data.variants.map((v, i) => ({ id: v.path || '(index)', path: ['variants', i, 'path'] })), 'variant path');
    if (input.catalog) checkPublished(issues, t, input.catalog.layers);
    if (input.catalog) checkLayerData(issues, t, input.catalog.layers);
    if (input.glossary) checkChartUnits(issues, t, input.glossary.data);
    if (input.glossary && input.catalog) checkDrawerLabels(issues, t, input.catalog.layers, input.glossary.data);
    data.variants.forEach((v, i) => {
      if (data.variants.length > 1 && data.layout === 'map' && !v.tab) issues.add(doc, ['variants', i], 'missing "tab": a topic with several variants needs a tab label for each');
      checkVariant(issues, doc, ['variants', i], v, { cascades, legendIds, ...(legends ? { legends } : {}), formIds, ...(input.catalog ? { published: input.catalog.layers } : {}) });
    });
  }
  return issues.errors;
}

function checkCascades(issues: Issues, doc: SourceDocument, cascades: readonly CascadeDef[]): void {
  issues.duplicates(doc, cascades.map((c, i) => ({ id: c.id, path: ['cascades', i, 'id'] })), 'cascade id');
  cascades.forEach((c, ci) => {
    const params = c.params ?? [];
    issues.duplicates(doc, c.pickers.map((p, pi) => ({ id: p.id, path: ['cascades', ci, 'pickers', pi, 'id'] })), 'picker id');
    c.pickers.forEach((p, pi) => {
      const base: JsonPath = ['cascades', ci, 'pickers', pi, 'source'];
      if ('router' in p.source) {
        for (const [key, value] of Object.entries(p.source.router)) {
          const problem = templateProblem(value);
          if (problem) issues.add(doc, [...base, 'router', key], `template ${problem}`);
          for (const v of templateVariables(value)) {
            if (!params.includes(v)) issues.add(doc, [...base, 'router', key], `template variable {${v}} is not a parameter of cascade "${c.id}" (declare it in "params")`);
          }
        }
        const earlier = c.pickers.slice(0, pi).map((q) => q.id);
        for (const [key, ref] of Object.entries(p.source.params ?? {})) {
          const id = ref.split('.')[0] ?? ref;
          if (!earlier.includes(id)) issues.unknown(doc, [...base, 'params', key], 'picker (declared before this one)', id, earlier);
        }
      }
      if ('list' in p.source) issues.add(doc, [...base, 'list'], 'a shared cascade cannot use a variant list; give it its own source');
    });
  });
}

function checkApp(issues: Issues, app: Loaded<AppConfig>, routes: readonly string[]): void {
  const { doc, data } = app;
  const ids = data.basemaps.map((b) => b.id);
  issues.duplicates(doc, data.basemaps.map((b, i) => ({ id: b.id, path: ['basemaps', i, 'id'] })), 'base map id');
  if (!ids.includes(data.map.defaultBasemap)) issues.unknown(doc, ['map', 'defaultBasemap'], 'base map', data.map.defaultBasemap, ids);
  if (data.defaultRoute && !routes.includes(data.defaultRoute)) issues.unknown(doc, ['defaultRoute'], 'route', data.defaultRoute, routes);
  if (!data.basemaps.some((b) => b.offline)) issues.add(doc, ['basemaps'], 'needs one base map with "offline: true", the fallback when public maps cannot be reached');
  for (const key of ['router', 'geoserver'] as const) {
    for (const v of templateVariables(data.backend[key])) {
      if (v !== 'product') issues.add(doc, ['backend', key], `template variable {${v}} is unknown here; only {product} is available`);
    }
  }
}

function checkForm(issues: Issues, form: Loaded<FormDoc>): void {
  const { doc, data } = form;
  const props = formFieldNames(data.schema);
  data.steps.forEach((s, si) => s.fields.forEach((f, fi) => {
    if (!props.includes(f)) issues.unknown(doc, ['steps', si, 'fields', fi], 'form field', f, props);
  }));
}

/** Top-level field names of a form schema, including those that schema dependencies add. */
function formFieldNames(schema: Record<string, unknown>): string[] {
  const names = new Set<string>();
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const n = node as Record<string, unknown>;
    Object.keys((n.properties as object | undefined) ?? {}).forEach((k) => names.add(k));
    for (const key of ['oneOf', 'anyOf', 'allOf'] as const) (n[key] as unknown[] | undefined)?.forEach(visit);
    for (const key of ['then', 'else'] as const) visit(n[key]);
    Object.values((n.dependencies as object | undefined) ?? {}).forEach(visit);
  };
  visit(schema);
  return [...names];
}
