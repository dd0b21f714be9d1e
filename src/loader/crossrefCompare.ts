// Cross-checks of a variant's `compare` (issue 25): each side draws the named layers for its year,
// so they must be this variant's layers whose template uses {year} and that the compare view
// draws (tiles, or vector features it loads); the slider's `timeline` must be a yearlines layer.
import type { JsonPath } from '../engine/errors.ts';
import type { VariantDoc } from '../engine/types.ts';
import type { SourceDocument } from './readDocument.ts';
import type { Issues } from './issues.ts';
import { definitionOf, typesThat } from '../layers/definitions.ts';


export function checkCompare(issues: Issues, doc: SourceDocument, at: JsonPath, v: VariantDoc): void {
  const compare = v.compare;
  if (!compare) return;
  const layers = v.layers ?? [];
  const path: JsonPath = [...at, 'compare'];
  compare.layers.forEach((id, i) => {
    const layer = layers.find((l) => l.id === id);
    if (!layer) return issues.unknown(doc, [...path, 'layers', i], 'layer', id, layers.map((l) => l.id));
    if (!definitionOf(layer.type).compareSide) issues.add(doc, [...path, 'layers', i], `layer "${id}" is a ${layer.type}; compare draws ${typesThat((d) => d.compareSide).join(', ')} layers`);
    else if (!JSON.stringify(layer).includes('{year}')) issues.add(doc, [...path, 'layers', i], `layer "${id}" does not use {year}, so both sides would show the same; name a yearly layer`);
  });
  const sorted = [...compare.years].sort((a, b) => a - b);
  if (sorted.some((y, i) => y !== compare.years[i])) issues.add(doc, [...path, 'years'], 'list the years oldest first');
  if (compare.timeline !== undefined) {
    const timeline = layers.find((l) => l.id === compare.timeline);
    if (!timeline) issues.unknown(doc, [...path, 'timeline'], 'layer', compare.timeline, layers.map((l) => l.id));
    else if (!definitionOf(timeline.type).timelineYears) issues.add(doc, [...path, 'timeline'], `layer "${timeline.id}" is a ${timeline.type}; the year slider plays a ${typesThat((d) => !!d.timelineYears).join(' or ')} layer`);
  }
}
