// ui:widget mapPoint (items 5.1/5.2): the 'lat, lng' text, typed or set by a click on the map
// (SPEC.md §4); the button opens 'เลือกตำแหน่งจากแผนที่' for this point.
import type { WidgetProps } from '@rjsf/utils';
import { useProposalUi } from '../context.ts';
import { t } from '../strings.ts';
import { WidgetTextInput } from './WidgetTextInput.tsx';

export function MapPointWidget(props: WidgetProps) {
  const { disabled, readonly, options } = props;
  const { openMap } = useProposalUi();
  const point = options.point === 'end' ? 'end' : 'start';
  return (
    <div className="proposal-point">
      <WidgetTextInput {...props} inputMode="decimal" autoComplete="off" />
      <button type="button" onClick={() => openMap(point)} disabled={disabled || readonly} aria-label={`${t.pickButton}: ${point === 'start' ? t.startPoint : t.endPoint}`}>
        {t.pickButton}
      </button>
    </div>
  );
}
