// Renders one section of a variant with its kind's view (views.ts). Config is validated against
// the schema generated from the same registry, so every kind it holds has a view.
import type { ComponentType } from 'react';
import type { ResolvedVariant, SectionBase } from '../../engine/types.ts';
import type { SectionKind, SectionProps } from '../../sections/definitions.ts';
import { sectionViews } from './views.ts';

export function SectionView({ section, variant }: { section: SectionBase; variant: ResolvedVariant }) {
  const View = sectionViews[section.kind as SectionKind] as ComponentType<SectionProps<SectionKind>> | undefined;
  return View ? <View section={section as never} variant={variant} /> : null;
}
