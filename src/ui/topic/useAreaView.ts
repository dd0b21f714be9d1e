// A page without layers (/dashboard: location view by administrative area or beach system,
// SPEC.md §2) shows the area its pickers choose: each new choice asks the router for the area's
// bounds (page=beachsystem&mode=getBBox, else page=locations&mode=pv-center) and fits the map.
// A choice restored from a link keeps the link's view.
import { useEffect, useMemo } from 'react';
import type { AppConfig, ResolvedVariant } from '../../engine/types.ts';
import type { PickerValues } from '../../engine/options.ts';
import { areaBounds, areaTemplate, beachBBoxQuery, pvCenterQuery } from './actions/bounds.ts';
import { defaultDeps, fitTo } from './actions/layerActions.ts';
import { isRestoring } from '../urlState/restore.ts';

export function useAreaView(variant: ResolvedVariant, values: PickerValues, app: AppConfig): void {
  const active = variant.layers.length === 0;
  const template = useMemo(() => areaTemplate(variant.pickers.map((p) => p.id)), [variant]);
  const key = active ? JSON.stringify([beachBBoxQuery(template, values), pvCenterQuery(template, values)]) : '';
  useEffect(() => {
    if (!active || key === '[null,null]' || isRestoring()) return;
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
