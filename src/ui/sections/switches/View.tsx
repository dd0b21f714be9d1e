// Groups of switches (SPEC.md §2, §3 CVI). Inert ones (the dashboard's report list) are shown off
// and disabled. A switch with a layer adds it when on and removes it when off; with an action
// (CVI Process) the button adds one layer named from the selected values joined by '_'. Layer
// names read the Thai labels ({<id>-label}), never the values (issue 16).
import { useState } from 'react';
import { useConfig } from '../../../state/config.tsx';
import { definitionOf } from '../../../layers/definitions.ts';
import { removeLayer } from '../../../map/layerStore.ts';
import { showLayer } from '../../topic/actions/layerActions.ts';
import { actionContext, useVariantState } from '../../topic/variantState.tsx';
import type { SectionProps } from '../definitions.ts';
import { toast } from '../../../state/toast.ts';
import { failureText } from '../common/failureText.ts';

export function SwitchesView({ section }: SectionProps<'switches'>) {
  const { app } = useConfig();
  const state = useVariantState();
  const { variant, values } = state;
  const [selected, setSelected] = useState<readonly string[]>([]);
  const template = (id: string | undefined) => variant.layers.find((l) => l.id === id);
  // The switch's value is the {<section id>} template variable of its layer, its label {<id>-label}.
  const vars = (value: string, label: string) => ({ [section.id]: value, [`${section.id}-label`]: label });
  const show = (layerId: string | undefined, value: string, label: string) => {
    const t = template(layerId);
    if (!t) return;
    showLayer(t, actionContext(state, app), { extraVars: vars(value, label) }).catch((error: unknown) => {
      console.warn(`switch layer "${t.id}" failed`, error);
      // A switch has no row of its own: the failure is said in a toast (issue 23 item 3).
      toast.error(`${label}: ${failureText('layer', error).text}`);
    });
  };
  const hide = (layerId: string | undefined, value: string, label: string) => {
    const t = template(layerId);
    if (t) removeLayer(definitionOf(t.type).instantiate(t, { app, values, vars: vars(value, label) }).id);
  };

  const toggle = (item: { value: string; label: string; layer?: string }, groupKey: string) => {
    const key = `${groupKey}:${item.value}`;
    const on = !selected.includes(key);
    setSelected(on ? [...selected, key] : selected.filter((k) => k !== key));
    if (on) show(item.layer, item.value, item.label);
    else hide(item.layer, item.value, item.label);
  };
  // SPEC.md §3: a group toggle removes all if all are selected, otherwise adds the missing ones.
  const toggleGroup = (keys: readonly string[]) =>
    setSelected(keys.every((k) => selected.includes(k)) ? selected.filter((k) => !keys.includes(k)) : [...new Set([...selected, ...keys])]);
  const chosenValues = selected.map((k) => k.split(':')[1] ?? k);
  const labelOf = (value: string) => section.groups.flatMap((g) => g.items).find((i) => i.value === value)?.label ?? value;

  return (
    <section className="card switches">
      {section.title && <h2>{section.title}</h2>}
      {section.groups.map((g, gi) => {
        const keys = g.items.map((i) => `${gi}:${i.value}`);
        const all = keys.every((k) => selected.includes(k));
        return (
          <fieldset key={g.title} className="switch-group">
            <legend>{g.title}</legend>
            {section.action && (
              <button type="button" className="link-button" onClick={() => toggleGroup(keys)}>
                {all ? 'ยกเลิกทั้งกลุ่ม' : 'เลือกทั้งกลุ่ม'}
              </button>
            )}
            {g.items.map((item) => (
              <label key={item.value} className="switch">
                <input
                  type="checkbox"
                  role="switch"
                  checked={!section.inert && selected.includes(`${gi}:${item.value}`)}
                  disabled={section.inert}
                  onChange={() => toggle(item, String(gi))}
                />
                <span>{item.label}</span>
              </label>
            ))}
          </fieldset>
        );
      })}
      {section.action && (
        <button
          type="button"
          className="primary"
          disabled={chosenValues.length === 0}
          onClick={() => show(section.action?.layer, chosenValues.join('_'), chosenValues.map(labelOf).join(', '))}
        >
          {section.action.label}
        </button>
      )}
    </section>
  );
}
