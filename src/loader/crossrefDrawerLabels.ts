// Every attribute the feature drawer shows of a topic layer has a Thai label (issue 24): the
// layer's own `fields` or the glossary's `fields`. Internal ids need none (hidden unless the layer
// sets `showIds`). A layer whose attributes are not known from the catalog is not judged.
import type { Published } from '../engine/catalog.ts';
import type { Glossary, TopicDoc } from '../engine/types.ts';
import { isInternalId } from '../engine/glossary.ts';
import type { Loaded } from './readDocument.ts';
import type { Issues } from './issues.ts';
import { describeServed, servedBy } from './layerAttributes.ts';

export function checkDrawerLabels(issues: Issues, topic: Loaded<TopicDoc>, published: readonly Published[], glossary: Pick<Glossary, 'fields'>): void {
  topic.data.variants.forEach((v, i) => {
    (v.layers ?? []).forEach((layer, k) => {
      const served = servedBy(layer, published);
      if (!served) return;
      const own = layer.fields && typeof layer.fields === 'object' ? (layer.fields as Record<string, unknown>) : {};
      const unlabelled = served.attributes.filter(
        (name) => (layer.showIds === true || !isInternalId(name)) && !Object.hasOwn(own, name) && !Object.hasOwn(glossary.fields, name),
      );
      if (unlabelled.length === 0) return;
      const list = unlabelled.map((n) => `"${n}"`).join(', ');
      issues.add(topic.doc, ['variants', i, 'layers', k], `the feature drawer would show ${list} of ${describeServed(served)} without a Thai label: add ${unlabelled.length > 1 ? 'them' : 'it'} to config/glossary.yaml fields (th, en, unit) or to this layer's fields`);
    });
  });
}
