// page=shoreline: location lists of the historical shoreline lines (SPEC.md §7).
import { pageModes } from '../context.ts';
import { AREA_SOURCES, sendAreaList } from '../lists.ts';

export const shoreline = pageModes({
  list: (ctx) => sendAreaList(ctx, AREA_SOURCES.shoreline),
});
