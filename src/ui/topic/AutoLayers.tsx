// Layers marked `auto` are added when the page opens (SPEC.md §2 /cctv, /radar: "a CCTV layer is
// added on entry and removed on leaving"); VariantBody removes them with the page's other layers.
import { useEffect } from 'react';
import { useConfig } from '../../state/config.tsx';
import { showAutoLayers } from './actions/layerActions.ts';
import { actionContext, useVariantState } from './variantState.tsx';

export function AutoLayers() {
  const { app } = useConfig();
  const state = useVariantState();
  useEffect(() => {
    showAutoLayers(actionContext(state, app));
    // Once per page: VariantBody keys the page, so a new page mounts a new AutoLayers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}
