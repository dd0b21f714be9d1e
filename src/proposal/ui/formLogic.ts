// The proposal form's rules as pure functions over the config's FormDoc (config/forms/proposal.yaml):
// which fields a step shows, which are required, how a step validates (SPEC.md §5) and what a
// change implies for other fields (SPEC.md §4). No React, so unit tests run them in Node.
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { customizeValidator } from '@rjsf/validator-ajv8';
import type { ErrorSchema, RJSFSchema, RJSFValidationError, ValidatorType } from '@rjsf/utils';
import type { FormDoc } from '../../engine/types.ts';
import { shoreLength } from './geo.ts';

export type ProposalData = Record<string, unknown>;
export type ProposalValidator = ValidatorType<ProposalData, RJSFSchema>;

/** The coordinate fields whose pattern error SPEC.md §5/§8 shows in red as the user types. */
const COORDINATE_FIELDS = ['coordinates', 'coordinatesEnd'] as const;

/**
 * The rjsf validator with the same ajv setup as the rest of the config (src/loader/schemas.ts:
 * ajv 8 with allErrors, verbose, discriminator, strict off, union types, and ajv-formats), so the form
 * accepts exactly what the config schema test accepts.
 */
export function createProposalValidator(): ProposalValidator {
  // ajv-formats ships CommonJS; its default export may arrive wrapped under ESM interop.
  const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (a: Ajv) => Ajv;
  return customizeValidator<ProposalData, RJSFSchema>({
    AjvClass: Ajv as never,
    ajvOptionsOverrides: { allErrors: true, verbose: true, discriminator: true, strict: false, allowUnionTypes: true },
    ajvFormatOptions: false,
    extenderFn: (ajv) => addFormats(ajv as unknown as Ajv) as never,
  });
}

/** The top-level fields a step (1-based) shows, from config `steps`. */
export function stepFields(form: FormDoc, step: number): string[] {
  return form.steps[step - 1]?.fields ?? [];
}

/** The step (1-based) that shows a top-level field, or null. */
export function stepOfField(form: FormDoc, field: string): number | null {
  const i = form.steps.findIndex((s) => s.fields.includes(field));
  return i === -1 ? null : i + 1;
}

export function requiredFields(form: FormDoc): string[] {
  const required = (form.schema as { required?: unknown }).required;
  return Array.isArray(required) ? required.filter((r): r is string => typeof r === 'string') : [];
}

/** The required fields (SPEC.md §5) a step shows, in step order. */
export function requiredOfStep(form: FormDoc, step: number): string[] {
  const required = new Set(requiredFields(form));
  return stepFields(form, step).filter((f) => required.has(f));
}

/** A validation error's path without rjsf's leading dot, e.g. 'budgetAmount.b2569'. */
function errorPath(error: Pick<RJSFValidationError, 'property'>): string {
  return (error.property ?? '').replace(/^\./, '');
}

/** The top-level field an error belongs to ('' for an error on the whole form). */
function topField(error: Pick<RJSFValidationError, 'property'>): string {
  return errorPath(error).split('.')[0] ?? '';
}

/**
 * rjsf `transformErrors`: the config's Thai messages (form `messages`) instead of ajv's English,
 * by field first (the coordinate message of SPEC.md §5), then by keyword. The `dependencies`
 * bookkeeping errors of budgetSourceOption (const/not/oneOf on the whole form) are dropped: the
 * form clears budgetSources whenever noBudget is chosen (see `withDerived`), so they never point
 * at something a person can fix.
 */
function thaiErrors(form: FormDoc) {
  const messages = form.messages ?? {};
  return (errors: RJSFValidationError[]): RJSFValidationError[] =>
    errors
      .filter((e) => !(e.schemaPath ?? '').startsWith('#/dependencies/'))
      .map((e) => {
        const path = errorPath(e);
        const field = path.split('.').at(-1) ?? '';
        const byKeyword =
          e.name === 'format' && (e.params as { format?: string } | undefined)?.format === 'email' ? (messages.email ?? messages.format) : messages[e.name ?? ''];
        // A field's own message (coordinates) replaces its pattern error; a missing value always
        // reads as 'required'.
        const message = (e.name === 'required' ? messages.required : e.name === 'pattern' ? (messages[path] ?? messages[field]) : undefined) ?? byKeyword ?? e.message;
        return { ...e, message, stack: message ?? e.stack };
      });
}

interface Validation {
  /** Every error of the form, in Thai. */
  errors: RJSFValidationError[];
  errorSchema: ErrorSchema<ProposalData>;
}

export function validateProposal(form: FormDoc, validator: ProposalValidator, data: ProposalData): Validation {
  const { errors, errorSchema } = validator.validateFormData(data, form.schema as RJSFSchema, undefined, thaiErrors(form), form.uiSchema);
  return { errors, errorSchema };
}

interface StepCheck {
  /** The step's invalid top-level fields, in step order ([] = the step is valid). */
  invalid: string[];
  /** The errors of those fields only, to show in the form (rjsf `extraErrors`). */
  errorSchema: ErrorSchema<ProposalData>;
}

/** SPEC.md §4 "next runs validation": the errors of the fields one step shows (config `steps`). */
export function checkStep(form: FormDoc, validator: ProposalValidator, data: ProposalData, step: number): StepCheck {
  const { errors, errorSchema } = validateProposal(form, validator, data);
  const fields = stepFields(form, step);
  const failing = new Set(errors.map(topField));
  const invalid = fields.filter((f) => failing.has(f));
  return { invalid, errorSchema: pick(errorSchema, invalid) };
}

/**
 * The errors shown while typing (SPEC.md §5/§8: the coordinate error in red): a coordinate field
 * that holds text not matching 'lat,lng'. An empty coordinate is not an error until the step is
 * checked.
 */
export function liveErrors(form: FormDoc, validator: ProposalValidator, data: ProposalData): ErrorSchema<ProposalData> {
  const typed = COORDINATE_FIELDS.filter((f) => typeof data[f] === 'string' && data[f] !== '');
  if (typed.length === 0) return {};
  return pick(validateProposal(form, validator, data).errorSchema, [...typed]);
}

/** Two error schemas in one, the messages of a field listed once. */
export function mergeErrorSchemas(a: ErrorSchema<ProposalData>, b: ErrorSchema<ProposalData>): ErrorSchema<ProposalData> {
  const merge = (x: unknown, y: unknown): unknown => {
    if (!isRecord(x)) return y;
    if (!isRecord(y)) return x;
    const out: Record<string, unknown> = { ...x };
    for (const [k, v] of Object.entries(y)) {
      if (k === '__errors') {
        const list = [...((x.__errors as string[] | undefined) ?? []), ...((v as string[] | undefined) ?? [])];
        out.__errors = [...new Set(list)];
      } else out[k] = merge(x[k], v);
    }
    return out;
  };
  return merge(a, b) as ErrorSchema<ProposalData>;
}

/**
 * What a change implies for other fields (SPEC.md §4):
 * - when either coordinate changed and both are valid, projectShoreLength is the straight distance
 *   between them in metres with 2 decimals;
 * - budgetSources exists only with hasBudget: choosing noBudget (or nothing) drops it, so stale
 *   detail text never reaches the PDF (rjsf keeps data of a schema branch that is gone).
 */
export function withDerived(previous: ProposalData, next: ProposalData): ProposalData {
  let out = next;
  const moved = previous.coordinates !== next.coordinates || previous.coordinatesEnd !== next.coordinatesEnd;
  if (moved) {
    const length = shoreLength(next.coordinates, next.coordinatesEnd);
    if (length !== null && next.projectShoreLength !== length) out = { ...out, projectShoreLength: length };
  }
  if (out.budgetSourceOption !== 'hasBudget' && 'budgetSources' in out) {
    const { budgetSources: _dropped, ...rest } = out;
    out = rest;
  }
  return out;
}

/** The data the PDF receives: undefined and empty values dropped, budgetSources only with hasBudget. */
export function cleanData(data: ProposalData): ProposalData {
  const clean = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(clean);
    if (!isRecord(value)) return value;
    const entries = Object.entries(value)
      .map(([k, v]) => [k, clean(v)] as const)
      .filter(([, v]) => v !== undefined && v !== null && v !== '' && !(isRecord(v) && Object.keys(v).length === 0));
    return Object.fromEntries(entries);
  };
  return withDerived(data, clean(data) as ProposalData);
}

/** The DOM id rjsf gives a field's input ('root_projectName', 'root_budgetAmount_b2569'). */
export function fieldDomId(path: string, idPrefix = 'root', separator = '_'): string {
  return [idPrefix, ...path.split('.').filter(Boolean)].join(separator);
}

/** The first input of an invalid field, for the focus: the path of its first error. */
export function firstErrorPath(errorSchema: ErrorSchema<ProposalData>, fields: readonly string[]): string | null {
  for (const field of fields) {
    const node = (errorSchema as Record<string, unknown>)[field];
    if (!isRecord(node)) continue;
    const inner = firstNested(node);
    return inner ? `${field}.${inner}` : field;
  }
  return null;
}

function firstNested(node: Record<string, unknown>): string | null {
  if (Array.isArray(node.__errors) && node.__errors.length > 0) return null;
  for (const [k, v] of Object.entries(node)) {
    if (k === '__errors' || !isRecord(v)) continue;
    const inner = firstNested(v);
    return inner ? `${k}.${inner}` : k;
  }
  return null;
}

function pick(errorSchema: ErrorSchema<ProposalData>, fields: readonly string[]): ErrorSchema<ProposalData> {
  const source = errorSchema as Record<string, unknown>;
  return Object.fromEntries(fields.filter((f) => f in source).map((f) => [f, source[f]])) as ErrorSchema<ProposalData>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
