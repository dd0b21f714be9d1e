// ui:widget mapPoint (items 5.1/5.2): the 'lat, lng' text, typed or set by a click on the map
// (SPEC.md §4); the button opens 'เลือกตำแหน่งจากแผนที่' for this point.
import type { WidgetProps } from '@rjsf/utils';
import { ariaDescribedByIds } from '@rjsf/utils';
import { useProposalUi } from '../context.ts';
import { t } from '../strings.ts';

export function MapPointWidget({ id, value, required, disabled, readonly, placeholder, options, rawErrors, onChange, onBlur, onFocus, htmlName }: WidgetProps) {
  const { openMap } = useProposalUi();
  const point = options.point === 'end' ? 'end' : 'start';
  const invalid = (rawErrors?.length ?? 0) > 0;
  return (
    <div className="proposal-point">
      <input
        id={id}
        name={htmlName ?? id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        className="form-control"
        value={typeof value === 'string' ? value : ''}
        placeholder={placeholder}
        required={required}
        disabled={disabled}
        readOnly={readonly}
        aria-invalid={invalid || undefined}
        aria-describedby={ariaDescribedByIds(id)}
        onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
        onBlur={(e) => onBlur(id, e.target.value)}
        onFocus={(e) => onFocus(id, e.target.value)}
      />
      <button type="button" onClick={() => openMap(point)} disabled={disabled || readonly} aria-label={`${t.pickButton}: ${point === 'start' ? t.startPoint : t.endPoint}`}>
        {t.pickButton}
      </button>
    </div>
  );
}
