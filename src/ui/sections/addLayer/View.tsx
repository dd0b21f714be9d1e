// A button that adds a layer of the variant after validating the pickers (SPEC.md §2 lake island
// 'เพิ่มชั้นข้อมูล พ.ศ. 2567', §5): the first failing message is shown and nothing is fetched.
import { useState } from 'react';
import { useConfig } from '../../../state/config.tsx';
import { findTemplate, showLayer } from '../../topic/actions/layerActions.ts';
import { validationMessage } from '../../topic/actions/validate.ts';
import { actionContext, useVariantState } from '../../topic/variantState.tsx';
import type { SectionProps } from '../definitions.ts';
import { ActionAlert, useActionMessage } from '../common/actionMessage.tsx';
import { failureText } from '../common/failureText.ts';
import '../../topic/actions/sections.css';

export function AddLayerView({ section, variant }: SectionProps<'addLayer'>) {
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
      // Said in Thai under the button (issue 23 item 3); the button itself tries again.
      setMessage(failureText('layer', error).text);
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
