// Which layers of the layer catalog (config/layers.yaml) a topic layer asks the reference server
// for, and the attributes they publish: what its CQL terms, charts, drawer labels and legend may
// name. A layer on another server (an external URL), a router layer or the computed CVI family is
// not judged here: its attributes are not known from config.
import type { Published, PublishedVector } from '../engine/catalog.ts';
import type { LayerTemplate } from '../engine/types.ts';
import { closestName } from './similar.ts';

const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

/** A name template ('cmline_{year}') as a pattern over published names: a variable matches anything. */
export function templatePattern(template: string): RegExp {
  return new RegExp(`^${template.split(/\{[^}]+\}/).map(escape).join('.+?')}$`);
}

/** 'cmline_{year}' and 'cmline_{y}' have one shape: the same text around their variables. */
const shape = (template: string) => template.replace(/\{[^}]+\}/g, '{}');

/** The server layer name templates of a topic layer: `layers:` parts without '{product}:'. */
export function requestedTemplates(layer: LayerTemplate): string[] {
  if (typeof layer.layers !== 'string' || layer.url !== undefined) return [];
  if (typeof layer.service === 'string' && !['wms', 'wfs', 'ows'].includes(layer.service)) return [];
  return layer.layers.split(',').map((part) => part.trim().replace(/^\{product\}:/, ''));
}

interface ServedLayers {
  /** The published layers the templates match (every year of a `{year}` template). */
  layers: PublishedVector[];
  /** Attribute names every one of them publishes. */
  attributes: string[];
}

/** The catalog layers behind a topic layer, or undefined when their attributes are not known. */
export function servedBy(layer: LayerTemplate, published: readonly Published[]): ServedLayers | undefined {
  if (layer.router !== undefined) return undefined;
  const templates = requestedTemplates(layer);
  if (templates.length === 0) return undefined;
  // A template of a catalog entry's shape is served by that entry's layers ('cmline_island_{year}'
  // is every year of that entry, not also 'cmline_island_analysis'); else by the names it matches.
  // A family (cvi_<variables>) has no fixed name and computes its attributes: it matches nothing.
  const entryShapes = new Set(published.flatMap((p) => (p.kind === 'vector' ? [shape(p.template)] : [])));
  const tests = templates.map((t): ((p: Published & { name: string }) => boolean) => {
    if (entryShapes.has(shape(t))) return (p) => p.kind === 'vector' && shape(p.template) === shape(t);
    const pattern = templatePattern(t);
    return (p) => pattern.test(p.name);
  });
  const matched = published.filter((p): p is Exclude<Published, { kind: 'family' }> => p.kind !== 'family' && tests.some((test) => test(p)));
  const vectors = matched.filter((p): p is PublishedVector => p.kind === 'vector');
  if (vectors.length === 0 || vectors.length !== matched.length) return undefined;
  const [first, ...rest] = vectors.map((v) => v.attributes.map((a) => a.name));
  const attributes = (first ?? []).filter((name) => rest.every((names) => names.includes(name)));
  return { layers: vectors, attributes };
}

/** 'layer "beachwatch_2567"' or 'layers "beachwatch_2564" ... "beachwatch_2567"' */
export function describeServed(served: ServedLayers): string {
  const names = served.layers.map((l) => l.name);
  return names.length === 1 ? `layer "${names[0]}"` : `layers "${names[0]}" ... "${names.at(-1)}"`;
}

/** The message for a field the served layers do not publish, with a did-you-mean and the list. */
export function missingFieldMessage(field: string, served: ServedLayers, what = 'field'): string {
  const hint = closestName(field, served.attributes);
  const list = served.attributes.join(', ');
  return `${what} "${field}" is not an attribute of ${describeServed(served)} in the layer catalog (config/layers.yaml)${hint ? `; did you mean "${hint}"?` : ''} (attributes: ${list})`;
}
