// The registry of section kinds: kind -> definition (pure). The generated
// schemas/section.schema.json accepts exactly these kinds (scripts/build-schemas.ts; a unit test
// fails on drift); the config loader runs their cross-checks. Components: views.ts.
import type { ResolvedVariant, SectionBase } from '../engine/types.ts';
import type { SectionDefinition } from './types.ts';
import { legendDefinition } from './legend/definition.ts';
import { yearLayersDefinition } from './yearLayers/definition.ts';
import { rowsDefinition } from './rows/definition.ts';
import { addLayerDefinition } from './addLayer/definition.ts';
import { chartDefinition } from './chart/definition.ts';
import { downloadDefinition } from './download/definition.ts';
import { switchesDefinition } from './switches/definition.ts';
import { placesDefinition } from './places/definition.ts';
import { featureListDefinition } from './featureList/definition.ts';
import { filesDefinition } from './files/definition.ts';
import { formDefinition } from './form/definition.ts';
import { noteDefinition } from './note/definition.ts';
import { totalsDefinition } from './totals/definition.ts';
import { areaOutlineDefinition } from './areaOutline/definition.ts';

export const sectionDefinitions = {
  legend: legendDefinition,
  yearLayers: yearLayersDefinition,
  rows: rowsDefinition,
  addLayer: addLayerDefinition,
  chart: chartDefinition,
  download: downloadDefinition,
  switches: switchesDefinition,
  places: placesDefinition,
  featureList: featureListDefinition,
  files: filesDefinition,
  form: formDefinition,
  note: noteDefinition,
  totals: totalsDefinition,
  areaOutline: areaOutlineDefinition,
} as const;

export type SectionKind = keyof typeof sectionDefinitions;

/** The precise type of a section of kind K, inferred from its schema. */
export type SectionFor<K extends SectionKind> = (typeof sectionDefinitions)[K] extends SectionDefinition<infer S> ? S : never;

/** Any section config accepts. */
export type Section = { [K in SectionKind]: SectionFor<K> }[SectionKind];

/** What a section's component receives. */
export interface SectionProps<K extends SectionKind> { section: SectionFor<K>; variant: ResolvedVariant }

/** Narrows a section of a resolved variant to its kind's precise type. */
export function isSection<K extends SectionKind>(section: SectionBase, kind: K): section is SectionBase & SectionFor<K> {
  return section.kind === kind;
}

const sectionKinds = Object.keys(sectionDefinitions) as SectionKind[];

/** The definition of a kind, or undefined for a word that is no section kind. */
export function findSectionDefinition(kind: string): SectionDefinition<SectionBase> | undefined {
  return Object.hasOwn(sectionDefinitions, kind) ? ((sectionDefinitions as Record<string, SectionDefinition<never>>)[kind] as unknown as SectionDefinition<SectionBase>) : undefined;
}

/** The definition of a section's kind (config is validated, so the kind exists). */
export function sectionDefinitionOf(section: SectionBase): SectionDefinition<SectionBase> {
  const def = findSectionDefinition(section.kind);
  if (!def) throw new Error(`unknown section kind "${section.kind}"; known: ${sectionKinds.join(', ')}`);
  return def;
}
