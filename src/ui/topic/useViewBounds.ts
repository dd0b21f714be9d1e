// The map's view for a layer that asks for the rows in view (its type's `viewBounds`, issue 14):
// xmin,ymin,xmax,ymax once the map has stopped moving, '' below the layer's minZoom; undefined
// for a layer without `bounds`. The toggle row passes it as the variable {bounds}.
import { useEffect, useState } from 'react';
import { boundsParam } from '../../layers/viewBounds.ts';
import { definitionOf } from '../../layers/definitions.ts';
import type { TemplateBase, ViewBoundsOption } from '../../layers/types.ts';
import { mapStore } from '../../map/mapStore.ts';
import { useStore } from '../../state/store.ts';

/** The map view a layer template asks for (its type's `viewBounds`), if any. */
export function boundsOption(template: TemplateBase | undefined): ViewBoundsOption | undefined {
  return template && definitionOf(template.type).viewBounds?.(template);
}

export function useViewBounds(option: ViewBoundsOption | undefined): string | undefined {
  const map = useStore(mapStore, (s) => s.map);
  const minZoom = option?.minZoom;
  const [bounds, setBounds] = useState('');
  useEffect(() => {
    if (minZoom === undefined || !map) return;
    const read = () => {
      const b = map.getBounds();
      setBounds(boundsParam({ west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth(), zoom: map.getZoom() }, minZoom));
    };
    read();
    map.on('moveend', read);
    return () => {
      map.off('moveend', read);
    };
  }, [map, minZoom]);
  return minZoom === undefined ? undefined : bounds;
}
