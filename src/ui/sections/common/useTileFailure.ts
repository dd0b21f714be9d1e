// A shown layer drawn from map images (WMS tiles) fails out of sight: MapLibre fires 'error' on
// the map with the failing source's id (its layer id) and the AJAXError (status, url, body). The
// row hears the first failure of its shown layer, says it in Thai (issue 23 item 3) and logs the
// request with the server's reason for ?debug=1; 'ลองใหม่' asks for the layer's tiles again.
// (MapLibre itself treats a 404 tile as an empty one: no error.)
import { useEffect, useRef, useState } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { ApiError } from '../../../api/errors.ts';
import { failureLog } from '../../../api/failureLog.ts';
import { serverReason } from '../../../api/serverReason.ts';
import { mapStore } from '../../../map/mapStore.ts';
import { useStore } from '../../../state/store.ts';
import { failureText, statusFailureText, type FailureText } from './failureText.ts';

interface TileError {
  sourceId?: string;
  error?: { status?: number; url?: string; message?: string; body?: Blob };
}

/** Logs a failed tile request with the reason its body gives. */
async function logTileFailure(error: NonNullable<TileError['error']>): Promise<void> {
  const body = error.body instanceof Blob ? await error.body.text().catch(() => '') : '';
  const status = error.status || undefined;
  failureLog.record({ method: 'GET', url: error.url ?? '', kind: 'tile', ...(status ? { status } : {}), reason: serverReason(body) || (error.message ?? '') });
}

/**
 * The failure of the layer `layerId()` names, heard while `shown`; cleared when it is hidden.
 * Returns it with `retry`, which reloads the layer's tiles.
 */
export function useTileFailure(layerId: () => string | null, shown: boolean): { failure: FailureText | null; retry: () => void } {
  const map = useStore(mapStore, (s) => s.map);
  const [failure, setFailure] = useState<FailureText | null>(null);
  const heard = useRef(false);
  const idOf = useRef(layerId);
  idOf.current = layerId;

  useEffect(() => {
    if (shown) return;
    heard.current = false;
    setFailure(null);
  }, [shown]);

  useEffect(() => {
    if (!map || !shown) return;
    const onError = (event: TileError) => {
      const id = idOf.current();
      if (!id || event.sourceId !== id || heard.current || !event.error) return;
      heard.current = true;
      const status = event.error.status;
      setFailure(status ? statusFailureText('tiles', status) : failureText('tiles', new ApiError('network', event.error.url ?? '', event.error.message ?? '')));
      void logTileFailure(event.error);
    };
    map.on('error', onError);
    return () => {
      map.off('error', onError);
    };
  }, [map, shown]);

  const retry = () => {
    const id = idOf.current();
    heard.current = false;
    setFailure(null);
    if (id && map?.getSource(id)) (map as MapLibreMap).refreshTiles(id);
  };
  return { failure, retry };
}
