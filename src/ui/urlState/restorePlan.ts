// What a decoded URL state means for one page (issue 11): the pickers, rows, base map and
// satellite year it may name. Anything the page does not know is dropped and named as a problem;
// picker codes are checked later, against the picker's loaded options.
import type { AppConfig, ResolvedVariant } from '../../engine/types.ts';
import { isSection } from '../../sections/definitions.ts';
import type { SwitchesSection } from '../../sections/switches/definition.ts';
import { isSwitchesRow } from '../sections/switches/rowIds.ts';
import { satelliteOptions } from '../../map/satellite/satellite.ts';
import type { UrlState } from '../../engine/urlState.ts';

export interface RestorePlan extends UrlState {
  problems: string[];
}

/**
 * Row ids a variant can show: ids of its `rows` sections, `<layer>-<year>` of its year lists, the
 * layer of an `addLayer` button and the layers of its switches (rowIds.ts).
 */
function rowMatcher(variant: ResolvedVariant): (id: string) => boolean {
  const ids = new Set<string>();
  const yearPrefixes: string[] = [];
  const switches: SwitchesSection[] = [];
  for (const s of variant.sections) {
    if (isSection(s, 'rows')) s.rows.forEach((r) => ids.add(r.id));
    if (isSection(s, 'addLayer')) ids.add(s.layer);
    if (isSection(s, 'switches') && !s.inert) switches.push(s);
    if (isSection(s, 'yearLayers') && s.years) {
      const years = s.years;
      if ('options' in years) years.options.forEach((o) => ids.add(`${s.layer}-${typeof o === 'number' ? o : o.value}`));
      else yearPrefixes.push(`${s.layer}-`);
    }
  }
  return (id) => ids.has(id) || yearPrefixes.some((p) => id.startsWith(p) && /^[\w-]+$/.test(id.slice(p.length))) || switches.some((s) => isSwitchesRow(s, id));
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
