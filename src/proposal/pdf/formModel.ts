/**
 * The proposal form (config/forms/proposal.yaml, a `FormDoc`) read as a list of printable items:
 * what the PDF, the blank .docx and the filling instructions lay out. Every label, item number,
 * option title, help text and message comes from the config; nothing here repeats them.
 *
 * - Items follow `steps` (one step = one PDF page), each step in its `fields` order.
 * - A title '2.1 สถานภาพชายฝั่ง' gives number '2.1' (depth 1) and label 'สถานภาพชายฝั่ง'; an
 *   unnumbered title (the contact block) has number null and depth 0.
 * - Fields a schema `dependencies` entry adds (budgetSources) are found there, with the condition
 *   under which they exist (budgetSourceOption = hasBudget).
 */
import type { FormDoc } from '../../engine/types.ts';

type JsonSchema = Record<string, unknown>;

type FieldKind =
  | 'text' // one-line text
  | 'textarea' // multi-line text
  | 'number'
  | 'choice' // enum / oneOf of constants
  | 'coordinates' // 'lat, lng' text from the map picker
  | 'image' // a data-URL image (the map screenshot)
  | 'amounts' // an object of numbers shown as one table row (the budget table)
  | 'checks' // an object of booleans, each optionally with a `<key>Detail` text
  | 'group'; // an object of text leaves (the contact block)

interface ChoiceOption {
  value: string;
  title: string;
}

/** A leaf of an object field (budget years, budget sources, contact fields). */
export interface LeafField {
  /** Path below the item, e.g. ['name', 'name'] for projectOwner.name.name. */
  path: string[];
  title: string;
  type: string;
  format?: string;
  inputType?: string;
  placeholder?: string;
  /** For 'checks': the detail text field that belongs to this boolean. */
  detail?: LeafField;
}

export interface FormItem {
  key: string;
  /** The title exactly as configured (number included). */
  title: string;
  number: string | null;
  label: string;
  depth: number;
  kind: FieldKind;
  required: boolean;
  /** 0-based step (= PDF page). */
  step: number;
  schema: JsonSchema;
  ui: Record<string, unknown>;
  options: ChoiceOption[];
  /** Answer lines of a blank form (textarea rows, else 1). */
  rows: number;
  inline: boolean;
  placeholder?: string;
  help?: string;
  description?: string;
  pattern?: string;
  format?: string;
  minimum?: number;
  /** The validation message for this field's pattern/format, from `messages`. */
  patternMessage?: string;
  leaves: LeafField[];
  /** The item exists only when another field has this value (schema dependencies). */
  when?: { field: string; value: string };
}

interface FormStep {
  title: string;
  items: FormItem[];
}

export interface FormModel {
  id: string;
  title: string;
  fiscalYear?: number;
  steps: FormStep[];
  items: FormItem[];
  messages: Record<string, string>;
}

const NUMBERED = /^(\d+(?:\.\d+)*)\.?\s+(.*)$/s;

function obj(v: unknown): Record<string, unknown> {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}
function str(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/** Splits '2.1 สถานภาพชายฝั่ง' / '1. ชื่อโครงการ' into number and label. */
function splitTitle(title: string): { number: string | null; label: string; depth: number } {
  const m = NUMBERED.exec(title.trim());
  if (!m) return { number: null, label: title.trim(), depth: 0 };
  const number = m[1]!;
  return { number, label: m[2]!.trim(), depth: number.split('.').length - 1 };
}

/** The choices of an enum or oneOf-of-const schema. */
function choicesOf(schema: JsonSchema): ChoiceOption[] {
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => ({ value: String(v), title: String(v) }));
  const alts = (schema.oneOf ?? schema.anyOf) as unknown;
  if (Array.isArray(alts) && alts.every((a) => 'const' in obj(a))) {
    return alts.map((a) => {
      const o = obj(a);
      return { value: String(o.const), title: str(o.title) ?? String(o.const) };
    });
  }
  return [];
}

/** The schema of a field, from `properties` or from a `dependencies` branch (with its condition). */
function findField(schema: JsonSchema, key: string): { schema: JsonSchema; when?: { field: string; value: string } } | undefined {
  const direct = obj(schema.properties)[key];
  if (direct) return { schema: obj(direct) };
  for (const [dep, def] of Object.entries(obj(schema.dependencies))) {
    const branches = (obj(def).oneOf ?? obj(def).anyOf ?? [def]) as unknown[];
    for (const b of branches) {
      const props = obj(obj(b).properties);
      if (props[key]) {
        const cond = str(obj(props[dep]).const);
        return { schema: obj(props[key]), ...(cond ? { when: { field: dep, value: cond } } : {}) };
      }
    }
  }
  return undefined;
}

function leavesOf(schema: JsonSchema, ui: Record<string, unknown>, base: string[] = []): LeafField[] {
  const props = obj(schema.properties);
  const order = Array.isArray(ui['ui:order']) ? (ui['ui:order'] as string[]).filter((k) => k in props) : [];
  const keys = [...order, ...Object.keys(props).filter((k) => !order.includes(k))];
  const out: LeafField[] = [];
  for (const k of keys) {
    const s = obj(props[k]);
    const u = obj(ui[k]);
    if (s.type === 'object') {
      out.push(...leavesOf(s, u, [...base, k]));
      continue;
    }
    const opts = obj(u['ui:options']);
    out.push({
      path: [...base, k],
      title: str(s.title) ?? k,
      type: String(s.type ?? 'string'),
      ...(str(s.format) ? { format: str(s.format)! } : {}),
      ...(str(opts.inputType) ? { inputType: str(opts.inputType)! } : {}),
      ...(str(u['ui:placeholder']) ? { placeholder: str(u['ui:placeholder'])! } : {}),
    });
  }
  return out;
}

/** Pairs each boolean leaf with its `<key>Detail` string leaf (budget sources). */
function pairChecks(leaves: LeafField[]): LeafField[] {
  const byKey = new Map(leaves.map((l) => [l.path.join('.'), l]));
  const used = new Set<string>();
  const out: LeafField[] = [];
  for (const l of leaves) {
    if (l.type !== 'boolean') continue;
    const detail = byKey.get(`${l.path.join('.')}Detail`);
    if (detail) used.add(detail.path.join('.'));
    out.push(detail ? { ...l, detail } : l);
  }
  for (const l of leaves) if (l.type !== 'boolean' && !used.has(l.path.join('.'))) out.push(l);
  return out;
}

function kindOf(schema: JsonSchema, ui: Record<string, unknown>, leaves: LeafField[]): FieldKind {
  const widget = str(ui['ui:widget']);
  const field = str(ui['ui:field']);
  if (widget === 'mapPoint') return 'coordinates';
  if (widget === 'mapImage' || (schema.type === 'string' && /^\^data:image/.test(String(schema.pattern ?? '')))) return 'image';
  if (choicesOf(schema).length > 0) return 'choice';
  if (schema.type === 'object') {
    if (field === 'budgetTable' || (leaves.length > 0 && leaves.every((l) => l.type === 'number' || l.type === 'integer'))) return 'amounts';
    if (leaves.some((l) => l.type === 'boolean')) return 'checks';
    return 'group';
  }
  if (schema.type === 'number' || schema.type === 'integer') return 'number';
  if (widget === 'textarea') return 'textarea';
  return 'text';
}

/** Reads the form config into printable items, grouped by step. */
export function formModel(form: FormDoc): FormModel {
  const schema = form.schema;
  const uiSchema = form.uiSchema ?? {};
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const messages = form.messages ?? {};
  const steps = (form.steps?.length ? form.steps : [{ title: form.title, fields: Object.keys(obj(schema.properties)) }]).map((s, si) => {
    const items: FormItem[] = [];
    for (const key of s.fields) {
      const found = findField(schema, key);
      if (!found) continue;
      const fs = found.schema;
      const ui = obj(uiSchema[key]);
      const opts = obj(ui['ui:options']);
      const title = str(fs.title) ?? key;
      const { number, label, depth } = splitTitle(title);
      let leaves = fs.type === 'object' ? leavesOf(fs, ui) : [];
      const kind = kindOf(fs, ui, leaves);
      if (kind === 'checks') leaves = pairChecks(leaves);
      const rows = kind === 'textarea' ? Math.max(1, Number(opts.rows) || 3) : 1;
      const pattern = str(fs.pattern);
      const format = str(fs.format);
      const patternMessage = pattern || format ? (messages[key] ?? (pattern ? messages.pattern : messages[format ?? ''] ?? messages.format)) : undefined;
      const item: FormItem = {
        key,
        title,
        number,
        label,
        depth,
        kind,
        required: required.has(key),
        step: si,
        schema: fs,
        ui,
        options: choicesOf(fs),
        rows,
        inline: opts.inline === true,
        leaves,
        ...(str(ui['ui:placeholder']) ? { placeholder: str(ui['ui:placeholder'])! } : {}),
        ...(str(ui['ui:help']) ? { help: str(ui['ui:help'])! } : {}),
        ...(str(fs.description) ? { description: str(fs.description)! } : {}),
        ...(pattern ? { pattern } : {}),
        ...(format ? { format } : {}),
        ...(typeof fs.minimum === 'number' ? { minimum: fs.minimum } : {}),
        ...(patternMessage ? { patternMessage } : {}),
        ...(found.when ? { when: found.when } : {}),
      };
      items.push(item);
    }
    return { title: s.title, items };
  });
  return {
    id: form.id,
    title: form.title,
    ...(typeof form.fiscalYear === 'number' ? { fiscalYear: form.fiscalYear } : {}),
    steps,
    items: steps.flatMap((s) => s.items),
    messages,
  };
}

/** The value at a leaf path below an item's value. */
export function leafValue(value: unknown, path: string[]): unknown {
  let v: unknown = value;
  for (const p of path) v = obj(v)[p];
  return v;
}
