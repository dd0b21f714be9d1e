// The permalink of an atlas: the map page that shows the same area and period (config
// atlas.link.route and the kind's variant), in the app's URL state (engine/urlState.ts), so that
// opening it restores the pickers as a shared link does.
import { encodeUrlState } from '../../engine/urlState.ts';
import type { Period } from '../transects/query.ts';
import type { AtlasArea } from './areas.ts';

interface PermalinkBase {
  /** 'https://maps.example.org' (no trailing slash). */
  origin: string;
  /** The app's base path, '/maps'. */
  basePath: string;
  route: string;
  variant: string;
}

export function permalink(base: PermalinkBase, area: AtlasArea, period: Period): string {
  const path = [base.basePath.replace(/\/+$/, ''), base.route, base.variant].filter(Boolean).join('/');
  const query = encodeUrlState({ pickers: { ...area.pickers, start: [String(period.start)], end: [String(period.end)] }, rows: [] });
  return `${base.origin.replace(/\/+$/, '')}${path.startsWith('/') ? '' : '/'}${path}${query}`;
}
