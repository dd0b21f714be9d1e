// check:config for lists and totals of a published layer (issue 23 item 2): a picker or list
// source `{layer, value, label, filter}` and a section that reads one (its kind's catalogCheck:
// totals) name a layer the catalog publishes (without required viewparams: nothing would send
// them) and only its attributes, a sum or mean a numeric one. Each mistake is reported at its file:line:column with a
// did-you-mean over the layer's attribute names. Topics and pickers.yaml's cascades alike.
import type { JsonPath } from '../engine/errors.ts';
import type { Published, PublishedAttribute, PublishedVector } from '../engine/catalog.ts';
import type { Loaded, SourceDocument } from './readDocument.ts';
import type { Issues } from './issues.ts';
import { closestName } from './similar.ts';
import type { SectionBase } from '../engine/types.ts';
import type { SectionDefinition } from '../sections/types.ts';
import { findSectionDefinition } from '../sections/definitions.ts';

type Node = Record<string, unknown>;

const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

/** The published layers a name or {picker} template can name. */
function matching(template: string, published: readonly Published[]): Published[] {
  const pattern = new RegExp(`^${template.split(/\{[^}]+\}/).map(escape).join('.+?')}$`);
  return published.filter((p) => (p.kind === 'family' ? pattern.test('cvi_1') : pattern.test(p.name)));
}

/** Attributes every layer the template can name has (undefined: not known from config, a family). */
function commonAttributes(layers: readonly Published[]): PublishedAttribute[] | undefined {
  if (layers.some((p) => p.kind !== 'vector')) return undefined;
  const [first, ...rest] = layers as PublishedVector[];
  return first?.attributes.filter((a) => rest.every((p) => p.attributes.some((b) => b.name === a.name)));
}

class LayerCheck {
  constructor(
    private readonly issues: Issues,
    private readonly doc: SourceDocument,
    private readonly published: readonly Published[],
  ) {}

  /** The attributes of the layer at `at`, or undefined after reporting it (or when not known). */
  layer(at: JsonPath, template: string): PublishedAttribute[] | undefined {
    const layers = matching(template, this.published);
    if (!layers.length) {
      const names = this.published.flatMap((p) => (p.kind === 'family' ? [] : [p.name]));
      const hint = closestName(template, names);
      this.issues.add(this.doc, at, `layer "${template}" is not published by the layer catalog (config/layers.yaml)${hint ? `; did you mean "${hint}"?` : ''}`);
      return undefined;
    }
    if (layers.some((p) => p.kind === 'raster')) {
      this.issues.add(this.doc, at, `layer "${template}" is a picture (raster); lists and totals read vector layers`);
      return undefined;
    }
    const needing = layers.find((p): p is PublishedVector => p.kind === 'vector' && Object.values(p.viewParams ?? {}).some((s) => s.required));
    if (needing) {
      const keys = Object.entries(needing.viewParams ?? {}).filter(([, s]) => s.required).map(([k]) => k);
      this.issues.add(this.doc, at, `layer "${needing.name}" needs viewparams (${keys.join(', ')}); lists and totals read layers without required viewparams`);
      return undefined;
    }
    return commonAttributes(layers);
  }

  attribute(at: JsonPath, role: string, name: string, layer: string, attributes: readonly PublishedAttribute[]): PublishedAttribute | undefined {
    const found = attributes.find((a) => a.name === name);
    if (found) return found;
    const names = attributes.map((a) => a.name);
    const hint = closestName(name, names);
    this.issues.add(this.doc, at, `${role} "${name}" is not an attribute of layer "${layer}" in the catalog${hint ? `; did you mean "${hint}"?` : `; its attributes: ${names.join(', ')}`}`);
    return undefined;
  }

  /** A picker or list source `{layer, value, label?, filter?}`. */
  source(at: JsonPath, s: Node): void {
    const layer = String(s.layer);
    const attributes = this.layer([...at, 'layer'], layer);
    if (!attributes) return;
    this.attribute([...at, 'value'], 'value', String(s.value), layer, attributes);
    if (typeof s.label === 'string') this.attribute([...at, 'label'], 'label', s.label, layer, attributes);
    this.filter(at, s.filter, layer, attributes);
  }

  /** A section that reads the catalog (its kind's `catalogCheck`), at `at`. */
  section(at: JsonPath, s: SectionBase, check: NonNullable<SectionDefinition<SectionBase>['catalogCheck']>): void {
    check(s, {
      layer: (path, template) => this.layer([...at, ...path], template),
      attribute: (path, role, name, layer, attributes) => this.attribute([...at, ...path], role, name, layer, attributes),
      add: (path, message) => this.issues.add(this.doc, [...at, ...path], message),
    });
  }

  private filter(at: JsonPath, filter: unknown, layer: string, attributes: readonly PublishedAttribute[]): void {
    for (const column of Object.keys((filter ?? {}) as Node)) this.attribute([...at, 'filter', column], 'filter attribute', column, layer, attributes);
  }
}

/** Where config holds a source of options: pickers', lists' and sections' `source`, a year list's `years`. */
const SOURCE_KEYS = new Set(['source', 'years']);

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every layer source and totals section of a document (a topic, or pickers.yaml), checked against the catalog. */
export function checkLayerData(issues: Issues, loaded: Loaded<unknown>, published: readonly Published[]): void {
  const check = new LayerCheck(issues, loaded.doc, published);
  const visit = (node: unknown, at: JsonPath): void => {
    if (Array.isArray(node)) return node.forEach((item, i) => visit(item, [...at, i]));
    if (!isNode(node)) return;
    const catalogCheck = typeof node.kind === 'string' ? findSectionDefinition(node.kind)?.catalogCheck : undefined;
    if (catalogCheck) return check.section(at, node as SectionBase, catalogCheck);
    if (SOURCE_KEYS.has(String(at.at(-1))) && typeof node.layer === 'string' && typeof node.value === 'string') return check.source(at, node);
    for (const [key, child] of Object.entries(node)) visit(child, [...at, key]);
  };
  visit(loaded.data, []);
}
