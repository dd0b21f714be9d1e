// The report's line about compare mode (issue 25 item 5): which view (the compare panel's own
// words for it) and, for the swipe, where the divider stands from which side.
import { th } from '../../locale/th.ts';
import { modeOf, type CompareSnapshot } from '../../machines/compare.ts';
import { sideNames } from '../../map/compare/sides.ts';

/** 'การเปรียบเทียบ: เลื่อนเส้นแบ่ง · เส้นแบ่งอยู่ที่ 50% จากด้านซ้าย', or undefined when compare is off. */
export function compareReportNote(snapshot: Pick<CompareSnapshot, 'value' | 'context'>, stacked: boolean): string | undefined {
  const mode = modeOf(snapshot as CompareSnapshot);
  if (!mode) return undefined;
  const divider = mode === 'swipe' ? th.compare.dividerAt(String(snapshot.context.position), sideNames(stacked).first) : undefined;
  return th.compare.reportNote(th.compare[mode], divider);
}
