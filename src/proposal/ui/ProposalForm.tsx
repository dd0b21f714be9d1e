// /project/form (SPEC.md §2, §4, §5): the three-step proposal wizard. The form is data
// (config/forms/proposal.yaml, in the config bundle) rendered by rjsf; the steps are the wizard
// machine (src/machines/wizard.ts) created through the recording factory; every change is cached in
// local storage; 'สร้างรายงาน' builds the Thai PDF (lazy chunk) and opens its preview.
// This module is the lazy chunk of the route: src/ui/sections/form/View.tsx imports it.
import './proposal.css';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import Form, { type IChangeEvent } from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { AppConfig, FormDoc } from '../../engine/types.ts';
import { buttonsOf, fromBuilder, fromValidator, isBusy, wizardMachine, type PdfHandle, type WizardStep } from '../../machines/wizard.ts';
import { useConfig } from '../../state/config.tsx';
import { errorText } from '../../locale/errorText.ts';
import { useTraceableActor } from '../../machines/useTraceableActor.ts';
import { browserStorage, clearForm, loadForm, saveForm } from './cache.ts';
import { ProposalUiContext, type MapMode, type ProposalUi } from './context.ts';
import {
  checkStep,
  cleanData,
  createProposalValidator,
  fieldDomId,
  firstErrorPath,
  liveErrors,
  mergeErrorSchemas,
  stepFields,
  withDerived,
  type ProposalData,
  type ProposalValidator,
} from './formLogic.ts';
import { parseLatLng } from './geo.ts';
import { MapPickerModal } from './map/MapPickerModal.tsx';
import { proposalPdf } from './pdfAhead.ts';
import { minimapFor } from './pdfWarmup.ts';
import { preparePdfWorker } from './pdfWorker.ts';
import { PreviewModal } from './PreviewModal.tsx';
import { t } from './strings.ts';
import { StepObjectFieldTemplate, type StepFormContext } from './templates.tsx';
import { BeachSystemWidget } from './widgets/BeachSystemWidget.tsx';
import { BudgetTableField } from './widgets/BudgetTableField.tsx';
import { MapImageWidget } from './widgets/MapImageWidget.tsx';
import { MapPointWidget } from './widgets/MapPointWidget.tsx';

const widgets = { mapPoint: MapPointWidget, beachSystem: BeachSystemWidget, mapImage: MapImageWidget };
const fields = { budgetTable: BudgetTableField };
const templates = { ObjectFieldTemplate: StepObjectFieldTemplate };
/** How long the visitor pauses on the complete last step before the PDF is built ahead. */
const AHEAD_PAUSE_MS = 600;
const DEFAULTS = { constAsDefaults: 'never', mergeDefaultsIntoFormData: 'useFormDataIfPresent' } as const;

export default function ProposalForm({ formId }: { formId: string }) {
  const { forms } = useConfig();
  const form = forms.find((f) => f.id === formId);
  if (!form) return <p className="empty">{t.unknownForm(formId)}</p>;
  return <ProposalWizard form={form} />;
}

/** The PDF of the current answers as a preview handle, with how long making it took: the build
 *  made ahead for the same answers (pdfAhead.ts), else a new one in the PDF worker. */
async function buildPdf(form: FormDoc, app: AppConfig, data: ProposalData): Promise<{ pdf: PdfHandle; ms: number }> {
  const clicked = performance.now();
  const { bytes, ms } = await proposalPdf(form, app, data);
  const blob = new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' });
  const pdf: PdfHandle = { url: URL.createObjectURL(blob), bytes: bytes.byteLength, fileName: `proposal-${form.fiscalYear ?? 2569}.pdf` };
  console.info(`proposal: PDF ready ${(performance.now() - clicked).toFixed(0)} ms after the click (made in ${ms.toFixed(0)} ms), ${bytes.byteLength} bytes`);
  return { pdf, ms };
}

/** Focuses the input of a field path (rjsf ids: root_field, root_object_inner; radios root_field-0). */
function focusField(path: string): void {
  const id = fieldDomId(path);
  const el = document.getElementById(id);
  const focusable = 'input:not([type="hidden"]), select, textarea, button';
  const target =
    (el?.matches(focusable) ? el : el?.querySelector<HTMLElement>(`input:checked, ${focusable}`)) ?? document.querySelector<HTMLElement>(`[id^="${id}-"]`);
  if (!target) return;
  target.focus({ preventScroll: true });
  target.scrollIntoView({ block: 'center' });
}

function ProposalWizard({ form }: { form: FormDoc }) {
  const { app } = useConfig();
  const validator = useMemo<ProposalValidator>(() => createProposalValidator(), []);
  const storage = useMemo(() => browserStorage(), []);
  const [restored] = useState(() => loadForm(storage, form.id));
  const [data, setData] = useState<ProposalData>(() => restored?.data ?? {});
  const dataRef = useRef(data);
  /** The step whose errors are shown: set when NEXT/SUBMIT checked it (SPEC.md §4). */
  const [checked, setChecked] = useState<number | null>(null);
  const [buildMs, setBuildMs] = useState<number | null>(null);
  const [mapMode, setMapMode] = useState<MapMode | null>(null);
  const [notice, setNotice] = useState<string | null>(restored ? t.restored : null);

  const update = (change: (previous: ProposalData) => ProposalData) => {
    setData((previous) => {
      const next = change(previous);
      dataRef.current = next;
      return next;
    });
  };

  const machine = useMemo(
    () =>
      wizardMachine.provide({
        actors: {
          validate: fromValidator((step) => {
            setChecked(step);
            return checkStep(form, validator, dataRef.current, step).invalid;
          }),
          build: fromBuilder(async () => {
            const { pdf, ms } = await buildPdf(form, app, dataRef.current);
            setBuildMs(ms);
            return pdf;
          }),
        },
        actions: {
          // SPEC.md §4 beyond the original: missing fields are marked and the focus moves to the first.
          showInvalid: (_, { fields: invalid }) => {
            const path = firstErrorPath(checkStep(form, validator, dataRef.current, stepOfFirst(form, invalid)).errorSchema, invalid);
            requestAnimationFrame(() => focusField(path ?? invalid[0] ?? ''));
          },
          buildFailed: (_, { message }) => console.error(`proposal: the PDF could not be built: ${message}`),
          closed: (_, { pdf }) => {
            if (pdf) URL.revokeObjectURL(pdf.url);
          },
        },
      }),
    [form, validator, app],
  );
  const [snapshot, actor] = useTraceableActor(machine, { step: restored?.step ?? 1 });
  const { step, error, pdf } = snapshot.context;
  const busy = isBusy(snapshot);
  const buttons = buttonsOf(step);
  const stepDef = form.steps[step - 1];
  const shownFields = stepFields(form, step);

  // Every change and every step change is saved (SPEC.md §4); a full storage never breaks the form.
  const noticeRef = useRef(notice);
  useEffect(() => {
    const result = saveForm(storage, { formId: form.id, step, data });
    const message = !result.ok ? t.cacheFailed : result.withoutImage ? t.cacheFull : null;
    if (!result.ok || result.withoutImage) console.warn(`proposal: cache: ${result.error}`);
    if (message && noticeRef.current !== message) {
      noticeRef.current = message;
      setNotice(message);
    }
  }, [storage, form.id, step, data]);

  // On the last step the PDF's worker, fonts and minimap are made while the visitor fills it in,
  // and once the step is complete and the visitor pauses, the PDF itself (in the worker).
  const lastStep = step === form.steps.length;
  const startPoint = typeof data.coordinates === 'string' ? data.coordinates : '';
  useEffect(() => {
    if (!lastStep) return;
    preparePdfWorker().catch((e: unknown) => console.warn('proposal: PDF set-up failed', e));
    void minimapFor(app, parseLatLng(startPoint));
  }, [lastStep, startPoint, app]);
  // Answers restored from the cache and not changed since are built at once: the pause only waits
  // out typing. Their key, not the object, so that a change event with the same answers is none.
  const answersKey = useMemo(() => JSON.stringify(cleanData(data)), [data]);
  const [restoredKey] = useState(() => (restored ? JSON.stringify(cleanData(restored.data)) : null));
  useEffect(() => {
    if (!lastStep || busy) return;
    const pause = window.setTimeout(
      () => {
        if (checkStep(form, validator, dataRef.current, step).invalid.length > 0) return;
        proposalPdf(form, app, dataRef.current).catch((e: unknown) => console.warn('proposal: the PDF built ahead failed; the click builds again', e));
      },
      answersKey === restoredKey ? 0 : AHEAD_PAUSE_MS,
    );
    return () => window.clearTimeout(pause);
  }, [lastStep, busy, form, validator, app, answersKey, restoredKey, step]);

  // A new step starts at its heading (keyboard and screen-reader users land on it).
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstStep = useRef(true);
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    headingRef.current?.focus({ preventScroll: true });
    headingRef.current?.scrollIntoView({ block: 'start' });
  }, [step]);

  // Shown errors: a typed coordinate that does not match at once (SPEC.md §8), and every error of
  // the current step once NEXT/SUBMIT checked it, updated as the user fixes them.
  const stepCheck = useMemo(() => (checked === step ? checkStep(form, validator, data, step) : null), [checked, step, form, validator, data]);
  const extraErrors = useMemo(() => mergeErrorSchemas(liveErrors(form, validator, data), stepCheck?.errorSchema ?? {}), [form, validator, data, stepCheck]);

  const uiSchema = useMemo<UiSchema>(() => ({ ...(form.uiSchema as UiSchema), 'ui:submitButtonOptions': { norender: true } }), [form]);
  const formContext = useMemo<StepFormContext>(() => ({ stepFields: shownFields }), [shownFields]);

  const ui = useMemo<ProposalUi>(
    () => ({ form, data, patch: (changes) => update((previous) => withDerived(previous, { ...previous, ...changes })), openMap: setMapMode }),
    [form, data],
  );

  const onChange = (e: IChangeEvent<ProposalData>) => update((previous) => withDerived(previous, e.formData ?? {}));
  const onSubmit = (e: FormEvent) => {
    // Enter in a field moves on like 'ถัดไป' (never builds the report).
    e.preventDefault();
    if (buttons.next && !busy) actor.send({ type: 'NEXT' });
  };
  const onClear = () => {
    if (!window.confirm(t.clearConfirm)) return;
    clearForm(storage);
    update(() => ({}));
    setChecked(null);
    if (step > 1) actor.send({ type: 'GOTO', step: 1 });
  };

  return (
    <ProposalUiContext.Provider value={ui}>
      <div className="proposal">
        <h2 className="proposal-title">{form.title}</h2>
        <nav className="wizard-steps" aria-label={t.stepsNav}>
          <ol>
            {form.steps.map((s, i) => {
              const n = (i + 1) as WizardStep;
              const current = n === step;
              return (
                <li key={s.title} className={current ? 'current' : n < step ? 'done' : undefined}>
                  <button type="button" aria-current={current ? 'step' : undefined} disabled={busy || n > step} onClick={() => !current && actor.send({ type: 'GOTO', step: n })}>
                    <span className="wizard-step-number" aria-hidden="true">
                      {n}
                    </span>
                    <span>{s.title}</span>
                  </button>
                </li>
              );
            })}
          </ol>
        </nav>
        <form className="proposal-form" noValidate onSubmit={onSubmit} aria-labelledby="proposal-step-heading">
          <h3 id="proposal-step-heading" ref={headingRef} tabIndex={-1} className="proposal-step-heading">
            {t.stepOf(step, form.steps.length, stepDef?.title ?? '')}
          </h3>
          {notice && <p className="proposal-notice muted">{notice}</p>}
          <Form<ProposalData, RJSFSchema, StepFormContext>
            schema={form.schema as RJSFSchema}
            uiSchema={uiSchema}
            validator={validator}
            formData={data}
            onChange={onChange}
            widgets={widgets}
            fields={fields}
            templates={templates}
            formContext={formContext}
            extraErrors={extraErrors}
            showErrorList={false}
            noHtml5Validate
            // A required choice (project type, plan, ...) starts unanswered: never its first option.
            experimental_defaultFormStateBehavior={DEFAULTS}
            tagName="div"
            className="proposal-rjsf"
            disabled={busy}
          />
          {stepCheck && stepCheck.invalid.length > 0 && (
            <p className="wizard-alert" role="alert">
              {t.invalidSummary(stepCheck.invalid.length)}
            </p>
          )}
          {error && (
            <p className="wizard-alert" role="alert">
              {t.buildFailed}: {errorText(error) ?? t.tryAgain}
            </p>
          )}
          <div className="wizard-buttons">
            {buttons.back && (
              <button type="button" onClick={() => actor.send({ type: 'BACK' })} disabled={busy}>
                {t.back}
              </button>
            )}
            <span className="wizard-spacer" />
            {snapshot.value === 'validating' && <span className="muted">{t.checking}</span>}
            {buttons.next && (
              <button type="submit" className="primary" disabled={busy}>
                {t.next}
              </button>
            )}
            {buttons.submit && (
              <button type="button" className="primary" onClick={() => actor.send({ type: 'SUBMIT' })} disabled={busy} aria-busy={snapshot.value === 'building'}>
                {snapshot.value === 'building' ? t.building : t.submit}
              </button>
            )}
          </div>
          <p className="proposal-clear">
            <button type="button" className="link-button" onClick={onClear} disabled={busy}>
              {t.clearForm}
            </button>
          </p>
        </form>
        <MapPickerModal mode={mapMode} onClose={() => setMapMode(null)} />
        <PreviewModal pdf={snapshot.value === 'preview' ? pdf : null} buildMs={buildMs} onClose={() => actor.send({ type: 'CLOSE_PREVIEW' })} />
      </div>
    </ProposalUiContext.Provider>
  );
}

/** The step of the first invalid field (the one the wizard is on). */
function stepOfFirst(form: FormDoc, invalid: readonly string[]): number {
  const i = form.steps.findIndex((s) => invalid.some((f) => s.fields.includes(f)));
  return i === -1 ? 1 : i + 1;
}
