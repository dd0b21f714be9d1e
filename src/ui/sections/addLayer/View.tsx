// A button that adds a layer of the variant after validating the pickers (SPEC.md §2 lake island
// 'เพิ่มชั้นข้อมูล พ.ศ. 2567', §5): the first failing message is shown and nothing is fetched.
import { useState } from 'react';
import type { PickerValues } from '../../../engine/options.ts';
import { refValue } from '../../../engine/options.ts';
import { useConfig } from '../../../state/config.tsx';
import { findTemplate, showLayer } from '../actions/layerActions.ts';
import { validationMessage } from '../actions/validate.ts';
import { actionContext, useVariantState } from '../variantState.tsx';
import type { SectionProps } from './SectionView.tsx';
import '../actions/sections.css';

/** A key that changes whenever any picker value changes. */
export function useValuesKey(values: PickerValues): string {
  return Object.keys(values)
    .sort()
    .map((k) => `${k}=${refValue(values, k) ?? ''}`)
    .join('&');
}

/**
 * A section's validation message, shown until a picker changes (the new choice answers it):
 * kept with the picker values it was about, hidden as soon as they differ.
 */
export function useActionMessage(values: PickerValues): [string | null, (message: string | null) => void] {
  const key = useValuesKey(values);
  const [state, setState] = useState<{ message: string | null; key: string }>({ message: null, key });
  return [state.key === key ? state.message : null, (message) => setState({ message, key })];
}

/** The section's validation message (role=alert), or nothing. */
export function ActionAlert({ message }: { message: string | null }) {
  return message ? (
    <p className="action-alert" role="alert">
      {message}
    </p>
  ) : null;
}

export function AddLayerSection({ section, variant }: SectionProps<'addLayer'>) {
  const { app } = useConfig();
  const state = useVariantState();
  const [message, setMessage] = useActionMessage(state.values);
  const [busy, setBusy] = useState(false);

  const onClick = async () => {
    if (busy) return;
    const failure = validationMessage(variant.validations, section.validate, state.values);
    setMessage(failure);
    if (failure) return;
    const template = findTemplate(variant, section.layer);
    if (!template) return;
    setBusy(true);
    try {
      await showLayer(template, actionContext(state, app));
    } catch (error) {
      console.warn(`adding layer "${section.layer}" failed`, error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card add-layer-section">
      <div className="action-row">
        <button type="button" className="primary" aria-busy={busy} onClick={() => void onClick()}>
          {busy && <span className="spinner" aria-hidden />}
          {section.label}
        </button>
      </div>
      <ActionAlert message={message} />
    </section>
  );
}
