// The detailed land as the server sees it: the tile index once the committed clip is loaded, null
// before (and after a failed load). The load runs in the background on the first request of the
// base map (a few hundred ms: gunzip, parse, index), so start never waits for it and Natural
// Earth shows meanwhile.
import { DETAIL_FILE, readDetailCollection } from './detailBuild.ts';
import { DetailTiles } from './detailTiles.ts';

let tiles: DetailTiles | null = null;
/** Reading the clip, which a tile request may wait for. */
let loading: Promise<void> | null = null;

/** The tile index once loaded (waiting for a load under way), or null when there is none. */
export async function detailTiles(): Promise<DetailTiles | null> {
  if (loading) await loading.catch(() => undefined);
  return tiles;
}

/**
 * Starts loading the detailed land in the background, once per process (on the first request of
 * the base map's style or tiles, not at server start). Failures are reported and leave the Natural
 * Earth map alone.
 */
export function startDetailedBasemap(report: (error: unknown) => void, file: string = DETAIL_FILE): void {
  if (loading) return;
  loading = readDetailCollection(file).then((collection) => {
    tiles = new DetailTiles(collection);
  });
  loading.catch(report);
}
