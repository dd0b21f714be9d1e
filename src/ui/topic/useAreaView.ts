// Every page moves the map to the area its pickers choose (issue 24 defect 6; SPEC.md §2
// /dashboard "location view"): the pickers that choose an area say so in config (`area`, e.g.
// the beach-system cascade's code_b_s), and each new choice asks the router for the area's
// bounds (page=beachsystem&mode=getBBox, else page=locations&mode=pv-center) and fits the map,
// before any layer is shown. A choice restored from a link (or Back) keeps the link's view.
import { useEffect, useMemo } from 'react';
import type { AppConfig, ResolvedVariant } from '../../engine/types.ts';
import { refValues, type PickerValues } from '../../engine/options.ts';
import { areaBounds, areaTemplate, beachBBoxQuery, pvCenterQuery } from './actions/bounds.ts';
import { defaultDeps, fitTo } from './actions/layerActions.ts';
import { chosenByLink } from '../urlState/restore.ts';

/** The area the pickers choose, as its two lookups (null, null: none chosen). */
export function useAreaQueries(variant: ResolvedVariant, values: PickerValues) {
  const template = useMemo(() => areaTemplate(variant.pickers), [variant]);
  const beach = beachBBoxQuery(template, values);
  const admin = pvCenterQuery(template, values);
  return { template, beach, admin, key: beach || admin ? JSON.stringify([beach, admin]) : '' };
}

export function useAreaView(variant: ResolvedVariant, values: PickerValues, pageKey: string, app: AppConfig): void {
  const { template, key } = useAreaQueries(variant, values);
  useEffect(() => {
    if (!key) return;
    const codes = Object.fromEntries(template.cql.map((t) => [t.picker, refValues(values, t.picker)]));
    if (chosenByLink(pageKey, codes)) return;
    let live = true;
    const deps = defaultDeps(app);
    void areaBounds(template, values, deps.router, deps.warn).then((box) => {
      if (box && live) fitTo(box, app, deps);
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- key stands for the chosen area
  }, [key]);
}
