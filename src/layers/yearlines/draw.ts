// The browser half of the yearlines type (issue 25 item 2), drawn with deck.gl over MapLibre by the
// year slider's overlay (map/timeline/TimelineOverlay.tsx), not by MapLibre. The
// deck.gl layers (deckLayers.ts) load only when such a layer is shown, so that deck.gl is not part
// of a page's first load.
import type { LayerDrawer } from '../draw/types.ts';
import type { YearlinesDraw } from './definition.ts';
import { yearlinesHitsAt } from './hits.ts';
import { prepareYearlines } from './prepare.ts';

/** Nothing in MapLibre: the year slider's deck.gl overlay draws it (map/timeline). */
export const yearlinesDrawer: LayerDrawer<YearlinesDraw> = {
  add: () => [],
  signature: () => '',
  async timeline(layer, legends) {
    const { yearlinesDeckLayers } = await import('./deckLayers.ts');
    const prepared = prepareYearlines(layer, legends);
    return {
      layersAt: (year, level) => yearlinesDeckLayers(prepared, year, level),
      hitsAt: (year, at, radius) => yearlinesHitsAt(prepared, year, at, radius),
    };
  },
};
