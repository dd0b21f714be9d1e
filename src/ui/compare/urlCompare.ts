// Compare mode in the URL and back (issue 25 item 5): the snapshot's view, years and divider as
// the codec's `compare`, and a decoded `compare` as the event that opens it again.
import { modeOf, type CompareEvent, type CompareSnapshot } from '../../machines/compare.ts';
import type { UrlCompare } from '../../engine/urlState.ts';

export function urlCompareOf(snapshot: CompareSnapshot): { compare?: UrlCompare } {
  const mode = modeOf(snapshot);
  if (!mode) return {};
  const { left, right, position } = snapshot.context;
  return { compare: { mode, left, right, position } };
}

export function openEventOf(compare: UrlCompare): Extract<CompareEvent, { type: 'OPEN' }> {
  return {
    type: 'OPEN',
    mode: compare.mode,
    ...(compare.left ? { left: compare.left } : {}),
    ...(compare.right ? { right: compare.right } : {}),
    ...(compare.position !== undefined ? { position: compare.position } : {}),
  };
}
