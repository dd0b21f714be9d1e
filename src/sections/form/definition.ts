// `form` section (/project/form): the proposal wizard of a config/forms/ document.
import { id } from '../../layers/schemaParts.ts';
import { sectionSchema, type SectionOf } from '../define.ts';
import type { SectionDefinition } from '../types.ts';

const formSchema = sectionSchema('form', 'the proposal form (config/forms/)', { form: { ...id, description: 'Form id of config/forms/.' } }, ['form']);

type FormSection = SectionOf<typeof formSchema>;

export const formDefinition: SectionDefinition<FormSection> = {
  kind: 'form',
  schema: formSchema,
  example: { kind: 'form', form: 'proposal' },
  crossCheck(s, ctx) {
    ctx.form(['form'], s.form);
  },
};
