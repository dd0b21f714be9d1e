// The text input of an rjsf widget, wired to rjsf's change/blur/focus and error state; shared by
// the widgets that pair a typed value with a picker button (map point, beach system).
import type { InputHTMLAttributes } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { ariaDescribedByIds } from '@rjsf/utils';

type Extra = Pick<InputHTMLAttributes<HTMLInputElement>, 'inputMode' | 'autoComplete'>;

export function WidgetTextInput({ id, value, required, disabled, readonly, placeholder, rawErrors, onChange, onBlur, onFocus, htmlName, ...extra }: WidgetProps & Extra) {
  return (
    <input
      id={id}
      name={htmlName ?? id}
      type="text"
      inputMode={extra.inputMode}
      autoComplete={extra.autoComplete}
      className="form-control"
      value={typeof value === 'string' ? value : ''}
      placeholder={placeholder}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      aria-invalid={(rawErrors?.length ?? 0) > 0 || undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
      onBlur={(e) => onBlur(id, e.target.value)}
      onFocus={(e) => onFocus(id, e.target.value)}
    />
  );
}
