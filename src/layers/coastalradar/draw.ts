// coastalradar drawing: station pins; the popup shows CODE, BAND and SITE, and no CCTV link
// (SPEC.md §2 /radar).
import { th } from '../../locale/th.ts';
import { popupTable, stationDrawer } from '../draw/stationDrawer.ts';

export const coastalradarDrawer = stationDrawer((p) =>
  popupTable(th.stations.radarTitle, [
    [th.stations.code, p.CODE],
    [th.stations.band, p.BAND],
    [th.stations.site, p.SITE],
  ]),
);
