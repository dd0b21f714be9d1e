// The open page's side of compare mode (issue 25): it tells the compare actor the years its
// variant declares (none closes compare), opens compare from the link it was opened with, and
// fills what each side draws for its year as the pickers, the years and the satellite change.
import { useEffect } from 'react';
import { useConfig } from '../../state/config.tsx';
import { useStore } from '../../state/store.ts';
import { toast } from '../../state/toast.ts';
import { th } from '../../locale/th.ts';
import { modeOf } from '../../machines/compare.ts';
import { clearComparePage, compareActor, comparePageStore, useCompare } from '../../map/compare/compareState.ts';
import { satelliteStore } from '../../map/satellite/satellite.ts';
import { useVariantState } from '../topic/variantState.tsx';
import { defaultDeps } from '../topic/actions/layerActions.ts';
import { decodeUrlState } from '../../engine/urlState.ts';
import { loadSide, timelineYears, yearColours } from './sideLayers.ts';
import { openEventOf } from './urlCompare.ts';

export function CompareSync() {
  const { app, legends } = useConfig();
  const { variant, values } = useVariantState();
  const spec = variant.compare;
  const snapshot = useCompare();
  const mode = modeOf(snapshot);
  const { left, right } = snapshot.context;
  const satellite = useStore(satelliteStore, (s) => s.selected);

  useEffect(() => {
    compareActor.send({ type: 'SET_YEARS', years: spec ? spec.years.map(String) : [], steps: spec ? timelineYears(variant, spec).map(String) : [] });
    comparePageStore.set({ offered: spec !== undefined, timeline: spec?.timeline !== undefined, colours: spec ? yearColours(variant, spec, legends) : {} });
    const linked = decodeUrlState(window.location.search).state?.compare;
    if (spec && linked) compareActor.send(openEventOf(linked));
    return () => {
      compareActor.send({ type: 'SET_YEARS', years: [] });
      clearComparePage();
    };
  }, [spec, variant, legends]);

  useEffect(() => {
    if (!spec || !mode) return;
    const controller = new AbortController();
    const { fetchJson } = defaultDeps(app);
    const deps = { fetchJson, signal: controller.signal };
    Promise.all([loadSide(app, variant, spec, values, left, satellite, deps), loadSide(app, variant, spec, values, right, satellite, deps)])
      .then(([l, r]) => {
        if (!controller.signal.aborted) comparePageStore.set({ left: l, right: r });
      })
      .catch(() => {
        if (!controller.signal.aborted) toast.error(`${th.toast.notFound} ${th.toast.chooseOther}`);
      });
    return () => controller.abort();
  }, [app, variant, spec, mode, left, right, values, satellite]);
  return null;
}
