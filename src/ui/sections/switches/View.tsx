// Groups of switches (SPEC.md §2, §3 CVI). Inert ones (the dashboard's report list) are shown off
// and disabled. A switch with a layer adds it when on and removes it when off; with an action
// (CVI Process) the button adds one layer named from the selected values joined by '_'. Layer
// names read the Thai labels ({<id>-label}), never the values (issue 16). Their layers are rows of
// the URL (rowIds.ts, issue 24 defect 5): a link turns the same switches on and shows them again.
import { useState } from 'react';
import { useConfig } from '../../../state/config.tsx';
import { definitionOf } from '../../../layers/definitions.ts';
import { removeLayer } from '../../../map/layerStore.ts';
import { actionContext, useVariantState } from '../../topic/variantState.tsx';
import type { SectionProps } from '../../../sections/definitions.ts';
import { toast } from '../../../state/toast.ts';
import { failureText } from '../common/failureText.ts';
import { showRowLayer } from '../../urlState/rowLayer.ts';
import { setRowLayer } from '../../urlState/pageState.ts';
import { useRowsRestore } from '../../urlState/pageRestore.ts';
import { actionRowId, actionValuesOfRow, isSwitchesRow, switchOfRow, switchRowId } from '../../../sections/switches/rowIds.ts';

export function SwitchesView({ section }: SectionProps<'switches'>) {
  const { app } = useConfig();
  const state = useVariantState();
  const { variant, values } = state;
  const [selected, setSelected] = useState<readonly string[]>([]);
  const template = (id: string | undefined) => variant.layers.find((l) => l.id === id);
  // The switch's value is the {<section id>} template variable of its layer, its label {<id>-label}.
  const vars = (value: string, label: string) => ({ [section.id]: value, [`${section.id}-label`]: label });
  const show = (layerId: string | undefined, value: string, label: string, rowId: string, fromLink = false) => {
    const t = template(layerId);
    if (!t) return;
    showRowLayer(t, actionContext(state, app), rowId, { fromLink, extraVars: vars(value, label) }).catch((error: unknown) => {
      console.warn(`switch layer "${t.id}" failed`, error);
      // A switch has no row of its own: the failure is said in a toast (issue 23 item 3).
      toast.error(`${label}: ${failureText('layer', error).text}`);
    });
  };
  const hide = (layerId: string | undefined, value: string, label: string) => {
    const t = template(layerId);
    if (!t) return;
    const id = definitionOf(t.type).instantiate(t, { app, values, vars: vars(value, label) }).id;
    setRowLayer(state.pageKey, id, null);
    removeLayer(id);
  };

  const toggle = (item: { value: string; label: string; layer?: string }, groupIndex: number) => {
    const key = `${groupIndex}:${item.value}`;
    const on = !selected.includes(key);
    setSelected(on ? [...selected, key] : selected.filter((k) => k !== key));
    if (on) show(item.layer, item.value, item.label, switchRowId(section, groupIndex, item.value));
    else hide(item.layer, item.value, item.label);
  };
  // SPEC.md §3: a group toggle removes all if all are selected, otherwise adds the missing ones.
  const toggleGroup = (keys: readonly string[]) =>
    setSelected(keys.every((k) => selected.includes(k)) ? selected.filter((k) => !keys.includes(k)) : [...new Set([...selected, ...keys])]);
  const chosenValues = selected.map((k) => k.split(':')[1] ?? k);
  const labelOf = (value: string) => section.groups.flatMap((g) => g.items).find((i) => i.value === value)?.label ?? value;
  const process = (chosen: readonly string[], fromLink = false) =>
    show(section.action?.layer, chosen.join('_'), chosen.map(labelOf).join(', '), actionRowId(section, chosen), fromLink);

  // A link's switches come back on, and their layers (or the action's) are shown again.
  useRowsRestore(
    state.pageKey,
    (rowId) => !section.inert && isSwitchesRow(section, rowId),
    (rowId) => {
      const single = switchOfRow(section, rowId);
      const chosen = single ? null : actionValuesOfRow(section, rowId);
      const keys = single ? [`${single.groupIndex}:${single.item.value}`] : (chosen ?? []).map((v) => `${section.groups.findIndex((g) => g.items.some((i) => i.value === v))}:${v}`);
      setSelected((now) => [...new Set([...now, ...keys])]);
      if (single) show(single.item.layer, single.item.value, single.item.label, rowId, true);
      else if (chosen) process(chosen, true);
    },
  );

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
                  onChange={() => toggle(item, gi)}
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
          onClick={() => process(chosenValues)}
        >
          {section.action.label}
        </button>
      )}
    </section>
  );
}
