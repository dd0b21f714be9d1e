// The section registry: one component per section kind of config (schemas/section.schema.json).
// Kinds whose behaviour is not built yet render nothing rather than pretend.
import type { ComponentType } from 'react';
import type { ResolvedVariant, Section, SectionKind } from '../../../engine/types.ts';
import { LegendCard } from './LegendCard.tsx';
import { SwitchesSection } from './SwitchesSection.tsx';
import { PlacesSection } from './PlacesSection.tsx';
import { YearLayersSection } from './YearLayersSection.tsx';
import { RowsSection } from './RowsSection.tsx';
import { AddLayerSection } from './AddLayerSection.tsx';
import { FormSection } from './FormSection.tsx';
import { FilesSection } from './FilesSection.tsx';
import { ChartsSection } from './ChartsSection.tsx';
import { DownloadSection } from './DownloadSection.tsx';

type SectionOf<K extends SectionKind> = Extract<Section, { kind: K }>;
export interface SectionProps<K extends SectionKind> { section: SectionOf<K>; variant: ResolvedVariant }

const registry: { [K in SectionKind]?: ComponentType<SectionProps<K>> } = {
  legend: LegendCard,
  switches: SwitchesSection,
  places: PlacesSection,
  yearLayers: YearLayersSection,
  rows: RowsSection,
  addLayer: AddLayerSection,
  charts: ChartsSection,
  download: DownloadSection,
  // The proposal wizard loads lazily inside FormSection, only on /project/form.
  form: FormSection,
  files: FilesSection,
};

export function SectionView({ section, variant }: { section: Section; variant: ResolvedVariant }) {
  const Component = registry[section.kind] as ComponentType<SectionProps<SectionKind>> | undefined;
  return Component ? <Component section={section as never} variant={variant} /> : null;
}
