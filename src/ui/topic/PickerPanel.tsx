// All pickers of a variant, run by one picker machine (SPEC.md §4): choosing a picker clears the
// pickers that depend on it; a picker is disabled until the ones it depends on are chosen. A
// picker that chooses an area moves the map to it (useAreaView).
import { PickerField } from './PickerField.tsx';
import { useVariantState } from './variantState.tsx';
import { useAreaView } from './useAreaView.ts';
import { useConfig } from '../../state/config.tsx';

export function PickerPanel() {
  const { variant, values, enabled, actor, pageKey } = useVariantState();
  useAreaView(variant, values, pageKey, useConfig().app);
  return (
    <div className="pickers">
      {variant.pickers.map((p) => (
        <PickerField
          key={p.id}
          picker={p}
          variant={variant}
          enabled={enabled(p.id)}
          value={values[p.id]}
          values={values}
          onChange={(value) => actor?.send(value === null || (Array.isArray(value) && value.length === 0) ? { type: 'CLEAR', level: p.id } : { type: 'SELECT', level: p.id, value })}
        />
      ))}
    </div>
  );
}
