// The map's view for a layer that asks for the rows in view (routerpoints `bounds`, issue 14):
// xmin,ymin,xmax,ymax once the map has stopped moving, '' below the layer's minZoom; undefined
// for a layer without `bounds`. The toggle row passes it as the variable {bounds}.
import { useEffect, useState } from 'react';
import { boundsParam } from '../../layers/routerpoints/definition.ts';
import { mapStore } from '../../map/mapStore.ts';
import { useStore } from '../../state/store.ts';

interface ViewBoundsOption {
  minZoom: number;
  message: string;
}

/** The `bounds` option of a layer template, if it has one. */
export function boundsOption(template: unknown): ViewBoundsOption | undefined {
  const b = (template as { bounds?: Partial<ViewBoundsOption> } | undefined)?.bounds;
  return b && typeof b.minZoom === 'number' && typeof b.message === 'string' ? { minZoom: b.minZoom, message: b.message } : undefined;
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
