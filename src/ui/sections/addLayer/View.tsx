// A button that adds a layer of the variant after validating the pickers (SPEC.md §2 lake island
// 'เพิ่มชั้นข้อมูล พ.ศ. 2567', §5): the first failing message is shown and nothing is fetched.
// The layer is a row of the URL named by its template id (issue 24 defect 5): a link shows it again.
import { useState } from 'react';
import { useConfig } from '../../../state/config.tsx';
import { findTemplate } from '../../topic/actions/layerActions.ts';
import { validationMessage } from '../../topic/actions/validate.ts';
import { actionContext, useVariantState } from '../../topic/variantState.tsx';
import type { SectionProps } from '../../../sections/definitions.ts';
import { ActionAlert, useActionMessage } from '../common/actionMessage.tsx';
import { failureText } from '../common/failureText.ts';
import { showRowLayer, skipRow } from '../../urlState/rowLayer.ts';
import { useRowRestore } from '../../urlState/pageRestore.ts';
import '../../topic/actions/sections.css';

export function AddLayerView({ section, variant }: SectionProps<'addLayer'>) {
  const { app } = useConfig();
  const state = useVariantState();
  const [message, setMessage] = useActionMessage(state.values);
  const [busy, setBusy] = useState(false);

  const rowId = section.layer;
  const add = async (fromLink: boolean) => {
    if (busy) return;
    const failure = validationMessage(variant.validations, section.validate, state.values);
    setMessage(failure);
    const template = findTemplate(variant, section.layer);
    if (failure || !template) {
      if (fromLink) skipRow(rowId);
      return;
    }
    setBusy(true);
    try {
      await showRowLayer(template, actionContext(state, app), rowId, { fromLink });
    } catch (error) {
      console.warn(`adding layer "${section.layer}" failed`, error);
      // Said in Thai under the button (issue 23 item 3); the button itself tries again.
      setMessage(failureText('layer', error).text);
    } finally {
      setBusy(false);
    }
  };

  useRowRestore(state.pageKey, rowId, () => void add(true));

  return (
    <section className="card add-layer-section">
      <div className="action-row">
        <button type="button" className="primary" aria-busy={busy} onClick={() => void add(false)}>
          {busy && <span className="spinner" aria-hidden />}
          {section.label}
        </button>
      </div>
      <ActionAlert message={message} />
    </section>
  );
}
