// cctv drawing: camera pins; the popup shows code, site and band, the embedded live video and
// the link 'Coastal CCTV Live' (SPEC.md §3). Only http(s) links are used.
import { th } from '../../locale/th.ts';
import { popupTable, stationDrawer } from '../draw/stationDrawer.ts';

export function liveLink(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value, 'http://invalid.local/');
    return url.protocol === 'https:' || url.protocol === 'http:' ? value : null;
  } catch {
    return null;
  }
}

export const cctvDrawer = stationDrawer((p) => {
  const root = popupTable(th.stations.cctvTitle, [
    [th.stations.code, p.CODE],
    [th.stations.site, p.SITE],
    [th.stations.band, p.BAND],
  ]);
  const href = liveLink(p.link);
  if (href) {
    const video = document.createElement('video');
    video.src = href;
    video.controls = true;
    video.muted = true;
    video.autoplay = true;
    video.playsInline = true;
    video.preload = 'none';
    video.width = 240;
    video.setAttribute('aria-label', `${th.stations.liveVideo} ${String(p.CODE ?? '')}`);
    const a = document.createElement('a');
    a.href = href;
    a.target = '_blank';
    a.rel = 'noopener noreferrer';
    a.textContent = th.stations.liveLink;
    root.append(video, a);
  }
  return root;
});
