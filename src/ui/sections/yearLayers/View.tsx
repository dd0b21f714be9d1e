// Year layers (SPEC.md §2): one toggle row per year of a list ('แสดง' / 'ซ่อน'), the layer
// named with its year and drawn in the year's legend colour; or, with `picker:`, the years
// chosen in a multiselect picker added with one button. Rules in `validate` run first.
import { useMemo, useState } from 'react';
import type { Legend, Source } from '../../../engine/types.ts';
import { th } from '../../../locale/th.ts';
import { useConfig } from '../../../state/config.tsx';
import { findTemplate, showLayer } from '../../topic/actions/layerActions.ts';
import { validationMessage } from '../../topic/actions/validate.ts';
import { useSourceOptions } from '../../topic/useOptions.ts';
import { actionContext, useVariantState } from '../../topic/variantState.tsx';
import { ToggleRow } from '../common/ToggleRow.tsx';
import { failureText } from '../common/failureText.ts';
import { LoadFailure } from '../common/LoadFailure.tsx';
import { ActionAlert, useActionMessage } from '../common/actionMessage.tsx';
import type { SectionProps } from '../../../sections/definitions.ts';
import '../../topic/actions/sections.css';

/** Row label prefix (Buddhist era) and the add button of a year multiselect. */
const YEAR_PREFIX = 'พ.ศ. ';
const ADD_LAYER = 'เพิ่มชั้นข้อมูล';

function colourOf(legend: Legend | undefined, year: string): string | undefined {
  return legend?.items.find((i) => i.code !== undefined && String(i.code) === year)?.color;
}

export function YearLayersView({ section, variant }: SectionProps<'yearLayers'>) {
  const { legends } = useConfig();
  const state = useVariantState();
  const [message, setMessage] = useActionMessage(state.values);
  const template = findTemplate(variant, section.layer);
  const legend = legends.find((l) => l.id === template?.legend);
  return (
    <section className="card year-layers" aria-label={section.title}>
      <h2>{section.title}</h2>
      {section.years ? (
        <YearRows source={section.years} sectionLayer={section.layer} legend={legend} validate={section.validate} onMessage={setMessage} />
      ) : (
        <YearPickerButton pickerId={section.picker ?? ''} layer={section.layer} validate={section.validate} onMessage={setMessage} />
      )}
      <ActionAlert message={message} />
    </section>
  );
}

function YearRows({ source, sectionLayer, legend, validate, onMessage }: { source: Source; sectionLayer: string; legend: Legend | undefined; validate: string[] | undefined; onMessage: (m: string | null) => void }) {
  const state = useVariantState();
  const template = findTemplate(state.variant, sectionLayer);
  // A fixed list needs no picker values; other sources reload when theirs change.
  const years = useSourceOptions(source, state.variant, true, state.values, undefined, `years of ${sectionLayer}`);
  if (years.status === 'error') {
    // SPEC.md §8 'ไม่พบข้อมูล', with why and 'ลองใหม่' (issue 23 item 3).
    return (
      <>
        <p className="muted">{th.noData}</p>
        <LoadFailure id={`${sectionLayer}-years-failure`} failure={failureText('list', years.error)} {...(years.retry ? { onRetry: years.retry } : {})} />
      </>
    );
  }
  if (years.status !== 'ready') return <div className="skeleton" role="progressbar" aria-label={th.loading} />;
  return (
    <ul className="toggle-rows">
      {years.options.map((y) => (
        <ToggleRow
          key={y.value}
          rowId={`${sectionLayer}-${y.value}`}
          label={`${YEAR_PREFIX}${y.label}`}
          template={template}
          extraVars={{ year: y.value }}
          swatchType="line"
          {...(colourOf(legend, y.value) ? { swatch: colourOf(legend, y.value)! } : {})}
          {...(validate ? { validate } : {})}
          onMessage={onMessage}
        />
      ))}
    </ul>
  );
}

function YearPickerButton({ pickerId, layer, validate, onMessage }: { pickerId: string; layer: string; validate: string[] | undefined; onMessage: (m: string | null) => void }) {
  const { app } = useConfig();
  const state = useVariantState();
  const [busy, setBusy] = useState(false);
  const value = state.values[pickerId];
  const years = useMemo(() => (Array.isArray(value) ? value : value ? [value] : []), [value]);
  const onClick = async () => {
    if (busy) return;
    const failure = validationMessage(state.variant.validations, validate, state.values);
    onMessage(failure);
    // An empty year choice is ignored (SPEC.md §5).
    if (failure || years.length === 0) return;
    const template = findTemplate(state.variant, layer);
    if (!template) return;
    setBusy(true);
    try {
      const ctx = actionContext(state, app);
      const failures = await Promise.all(
        years.map((y) =>
          showLayer(template, ctx, { extraVars: { year: y.code } }).then(
            () => null,
            (error: unknown) => {
              console.warn(`adding layer ${layer} ${y.code} failed`, error);
              return `${YEAR_PREFIX}${y.name}: ${failureText('layer', error).text}`;
            },
          ),
        ),
      );
      // Each year that failed is said under the button (issue 23 item 3).
      const said = failures.filter((f): f is string => f !== null);
      if (said.length) onMessage(said.join(' / '));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="action-row">
      <button type="button" className="primary" aria-busy={busy} disabled={years.length === 0} onClick={() => void onClick()}>
        {busy && <span className="spinner" aria-hidden />}
        {ADD_LAYER}
      </button>
    </div>
  );
}
