// The charts a variant's sections draw as chart specs (their kind's `chartSpec`): the atlas draws
// them again (server/atlas), and check:config makes sure each chart it names is one of them.
import type { SectionBase } from '../engine/types.ts';
import { sectionDefinitionOf } from '../sections/definitions.ts';
import type { SectionChart } from '../sections/types.ts';

export type { SectionChart };

export function sectionCharts(sections: readonly SectionBase[]): SectionChart[] {
  return sections.flatMap((s) => {
    const spec = sectionDefinitionOf(s).chartSpec?.(s);
    return spec ? [spec] : [];
  });
}
