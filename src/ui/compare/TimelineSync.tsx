// The open page's side of the year slider (issue 25 item 2): while the slider is on, the page's
// timeline layer (a yearlines layer, `compare.timeline`) is in the layer list with the area's
// lines and transects of every year, loaded again when the pickers change; off, it is removed.
import { useEffect } from 'react';
import { useConfig } from '../../state/config.tsx';
import { isSliderOn } from '../../machines/compare.ts';
import { useCompare } from '../../map/compare/compareState.ts';
import { removeLayer } from '../../map/layerStore.ts';
import { definitionOf } from '../../layers/definitions.ts';
import { actionContext, useVariantState } from '../topic/variantState.tsx';
import { findTemplate, showLayer } from '../topic/actions/layerActions.ts';

export function TimelineSync() {
  const { app } = useConfig();
  const state = useVariantState();
  const on = isSliderOn(useCompare());
  const id = state.variant.compare?.timeline;

  useEffect(() => {
    const template = id ? findTemplate(state.variant, id) : undefined;
    if (!on || !template) return;
    const ctx = actionContext(state, app);
    const controller = new AbortController();
    const layerId = definitionOf(template.type).instantiate(template, { app, values: state.values, vars: {} }).id;
    showLayer(template, ctx, { signal: controller.signal }).catch(() => {
      // Aborted by the next picker change, or failed: the toast said so.
    });
    return () => {
      controller.abort();
      removeLayer(layerId);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reload on the picker values, not on every state object
  }, [on, id, state.values, app]);
  return null;
}
