// Draws the outline of the chosen area (definition.ts): each new area asks the router for its
// outline (page=beachsystem&mode=outline, else page=locations&mode=outline) and replaces the
// layer; no area, or leaving the page, removes it. The map's fit is useAreaView's.
import { useEffect } from 'react';
import { useConfig } from '../../../state/config.tsx';
import { removeLayer, upsertLayer } from '../../../map/layerStore.ts';
import { defaultDeps } from '../../topic/actions/layerActions.ts';
import { useVariantState } from '../../topic/variantState.tsx';
import { useAreaQueries } from '../../topic/useAreaView.ts';
import type { SectionProps } from '../../../sections/definitions.ts';
import { areaOutline } from './outline.ts';

const AREA_OUTLINE_LAYER = 'area-outline';

export function AreaOutlineView({ section, variant }: SectionProps<'areaOutline'>) {
  const { app } = useConfig();
  const { values, route } = useVariantState();
  const { beach, admin, key } = useAreaQueries(variant, values);
  useEffect(() => {
    if (!key) return;
    let live = true;
    const deps = defaultDeps(app);
    void areaOutline([beach, admin], deps.router, deps.warn).then((found) => {
      if (!live) return;
      if (!found) return removeLayer(AREA_OUTLINE_LAYER);
      upsertLayer({ id: AREA_OUTLINE_LAYER, name: `${section.name} ${found.name}`, type: 'polyline', options: {}, color: section.color, geoJson: found.features, page: route });
    });
    return () => {
      live = false;
      removeLayer(AREA_OUTLINE_LAYER);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- key stands for the chosen area
  }, [key]);
  return null;
}
