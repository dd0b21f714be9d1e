// What a decoded URL state means for one page (issue 11): the pickers, rows, base map and
// satellite year it may name. Anything the page does not know is dropped and named as a problem;
// picker codes are checked later, against the picker's loaded options.
import type { AppConfig, ResolvedVariant } from '../../engine/types.ts';
import { sectionDefinitionOf } from '../../sections/definitions.ts';
import { satelliteOptions } from '../../map/satellite/satellite.ts';
import type { UrlState } from '../../engine/urlState.ts';

export interface RestorePlan extends UrlState {
  problems: string[];
}

/** Whether a row id names a row the variant can show: one a section of it owns (its `ownsRow`). */
function rowMatcher(variant: ResolvedVariant): (id: string) => boolean {
  return (id) => variant.sections.some((s) => sectionDefinitionOf(s).ownsRow?.(s, id) === true);
}

export function planRestore(state: UrlState, variant: ResolvedVariant, app: AppConfig): RestorePlan {
  const problems: string[] = [];
  const pickerIds = new Set(variant.pickers.map((p) => p.id));
  const pickers: Record<string, string[]> = {};
  for (const [id, codes] of Object.entries(state.pickers)) {
    if (pickerIds.has(id)) pickers[id] = codes;
    else problems.push(`p.${id}: no such picker`);
  }
  // A picker needs the pickers it depends on: without them it can never be chosen.
  let dropped = true;
  while (dropped) {
    dropped = false;
    for (const p of variant.pickers) {
      if (pickers[p.id] && p.dependsOn.some((d) => !pickers[d])) {
        delete pickers[p.id];
        problems.push(`p.${p.id}: needs ${p.dependsOn.join(', ')}`);
        dropped = true;
      }
    }
  }
  const knownRow = rowMatcher(variant);
  const rows = state.rows.filter((r) => knownRow(r.id) || (problems.push(`rows: ${r.id}`), false));
  const plan: RestorePlan = { pickers, rows, problems };
  if (state.view) plan.view = state.view;
  if (state.basemap !== undefined) {
    if (app.basemaps.some((b) => b.id === state.basemap)) plan.basemap = state.basemap;
    else problems.push(`bm=${state.basemap}`);
  }
  if (state.satellite !== undefined) {
    if (satelliteOptions(app.satellite).some((o) => o.year === state.satellite)) plan.satellite = state.satellite;
    else problems.push(`sat=${state.satellite}`);
  }
  return plan;
}
