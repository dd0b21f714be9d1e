// rjsf templates of the proposal form: the root object shows only the current step's fields
// (config `steps`, SPEC.md §2); nested objects render as rjsf's default fieldset.
import { getDefaultRegistry } from '@rjsf/core';
import type { ObjectFieldTemplateProps } from '@rjsf/utils';

const DefaultObjectFieldTemplate = getDefaultRegistry().templates.ObjectFieldTemplate;

/** What the templates read from rjsf's formContext. */
export interface StepFormContext {
  /** The top-level fields of the current step, in config order. */
  stepFields: readonly string[];
}

export function StepObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  if (props.fieldPathId.path.length > 0) return <DefaultObjectFieldTemplate {...props} />;
  const { stepFields } = (props.registry.formContext ?? { stepFields: [] }) as StepFormContext;
  const shown = new Set(stepFields);
  return (
    <div className="proposal-step-fields" id={props.fieldPathId.$id}>
      {props.properties.filter((p) => !p.hidden && shown.has(p.name)).map((p) => p.content)}
    </div>
  );
}
