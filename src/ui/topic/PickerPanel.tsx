// All pickers of a variant, run by one picker machine (SPEC.md §4): choosing a picker clears the
// pickers that depend on it; a picker is disabled until the ones it depends on are chosen.
import type { ResolvedVariant } from '../../engine/types.ts';
import type { PickerValues } from '../../engine/options.ts';
import { isLevelEnabled, pickerCascadeMachine } from '../../machines/pickerCascade.ts';
import { useTraceableActor } from '../useTraceableActor.ts';
import { PickerField } from './PickerField.tsx';

export function PickerPanel({ variant }: { variant: ResolvedVariant }) {
  const [snapshot, actor] = useTraceableActor(pickerCascadeMachine, {
    pickers: variant.pickers.map((p) => ({ id: p.id, dependsOn: p.dependsOn })),
  });
  const values = snapshot.context.selected as PickerValues;
  return (
    <div className="pickers">
      {variant.pickers.map((p) => (
        <PickerField
          key={p.id}
          picker={p}
          variant={variant}
          enabled={isLevelEnabled(snapshot.context, p.id)}
          value={values[p.id]}
          values={values}
          onChange={(value) => actor.send(value === null || (Array.isArray(value) && value.length === 0) ? { type: 'CLEAR', level: p.id } : { type: 'SELECT', level: p.id, value })}
        />
      ))}
    </div>
  );
}
