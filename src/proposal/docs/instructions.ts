/**
 * The filling instructions as data: for every item of the form, its label, whether it is
 * required (the schema's `required`), its type/format and how to fill it (the field's ui:help,
 * placeholder, description, option titles, pattern/format message from config). The .pdf and
 * the .docx of the instructions are both rendered from this.
 */
import type { FormDoc } from '../../engine/types.ts';
import { formModel, type FormItem, type FormModel, type LeafField } from '../pdf/formModel.ts';
import { DOC_TEXT } from './text.ts';

export interface InstructionItem {
  key: string;
  title: string;
  required: boolean;
  depth: number;
  type: string;
  /** How-to sentences, in order. */
  how: string[];
  /** Option titles (choices) or leaf fields (tables, groups). */
  options: string[];
  optionsLabel?: string;
}

interface InstructionStep {
  heading: string;
  items: InstructionItem[];
}

export interface Instructions {
  title: string;
  formTitle: string;
  intro: string[];
  steps: InstructionStep[];
}

function leafType(leaf: LeafField): string {
  return DOC_TEXT.leafTypes[leaf.inputType ?? leaf.format ?? leaf.type] ?? DOC_TEXT.leafTypes[leaf.type] ?? leaf.type;
}

function typeOf(item: FormItem): string {
  const base = DOC_TEXT.types[item.kind];
  if (item.kind === 'number' && item.minimum === 0) return `${base} (${DOC_TEXT.nonNegative})`;
  return base;
}

function howTo(item: FormItem, model: FormModel): { how: string[]; options: string[]; optionsLabel?: string } {
  const how: string[] = [];
  const m = model.messages;
  if (item.when) {
    const dep = model.items.find((i) => i.key === item.when!.field);
    const option = dep?.options.find((o) => o.value === item.when!.value)?.title ?? item.when.value;
    how.push(DOC_TEXT.when(option, dep?.number ?? dep?.title ?? item.when.field));
  }
  if (item.kind === 'coordinates') how.push(DOC_TEXT.coordinatesHow);
  if (item.kind === 'amounts') how.push(DOC_TEXT.amountsHow);
  if (item.kind === 'checks') how.push(DOC_TEXT.checksHow);
  if (item.kind === 'image') how.push(DOC_TEXT.imageHow);
  if (item.help) how.push(item.help);
  if (item.description) how.push(item.description);
  if (item.placeholder) how.push(`${DOC_TEXT.exampleLabel}: ${item.placeholder}`);
  if (item.kind === 'number' && typeof item.minimum === 'number' && item.minimum !== 0) how.push(DOC_TEXT.minimum(item.minimum));
  if (item.kind === 'number' && m.minimum && typeof item.minimum === 'number') how.push(`${DOC_TEXT.messageLabel}: “${m.minimum}”`);
  if (item.patternMessage && item.kind !== 'image') how.push(`${DOC_TEXT.messageLabel}: “${item.patternMessage}”`);
  if (item.required && m.required) how.push(`${DOC_TEXT.requiredMessageLabel}: “${m.required}”`);

  if (item.kind === 'choice') return { how, options: item.options.map((o) => o.title), optionsLabel: DOC_TEXT.optionsLabel };
  if (item.leaves.length > 0) {
    const options = item.leaves.flatMap((l) => {
      const own = `${l.title} (${leafType(l)})`;
      return l.detail ? [own, `${l.detail.title} (${leafType(l.detail)})`] : [own];
    });
    for (const l of item.leaves) {
      const msg = l.format ? m[l.format] : undefined;
      if (msg) how.push(`${l.title}: ${DOC_TEXT.messageLabel} “${msg}”`);
      if (l.placeholder && item.kind === 'group') how.push(`${l.title}: ${DOC_TEXT.exampleLabel} ${l.placeholder}`);
    }
    return { how, options, optionsLabel: DOC_TEXT.fieldsLabel };
  }
  return { how, options: [] };
}

function itemRange(items: FormItem[]): string {
  const tops = items.map((i) => i.number?.split('.')[0]).filter((n): n is string => !!n);
  if (tops.length === 0) return '';
  const first = tops[0]!;
  const last = tops[tops.length - 1]!;
  return first === last ? first : `${first}-${last}`;
}

export function buildInstructions(form: FormDoc): Instructions {
  const model = formModel(form);
  return {
    title: DOC_TEXT.instructionsTitle,
    formTitle: model.title,
    intro: [...DOC_TEXT.instructionsIntro],
    steps: model.steps.map((step, i) => ({
      heading: DOC_TEXT.stepHeading(i + 1, step.title, itemRange(step.items)),
      items: step.items.map((item) => ({
        key: item.key,
        title: item.title,
        required: item.required,
        depth: item.depth,
        type: typeOf(item),
        ...howTo(item, model),
      })),
    })),
  };
}
