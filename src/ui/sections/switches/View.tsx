// Groups of switches (SPEC.md §2, §3 CVI). Inert ones (the dashboard's report list) are shown off
// and disabled. A switch with a layer adds it when on and removes it when off; with an action
// (CVI Process) the button adds one layer named from the selected values joined by '_'.
import { useState } from 'react';
import { useConfig } from '../../../state/config.tsx';
import { instantiateLayer } from '../../../engine/layerInstance.ts';
import { removeLayer, upsertLayer } from '../../../map/layerStore.ts';
import { useVariantState } from '../variantState.tsx';
import type { SectionProps } from './SectionView.tsx';

export function SwitchesSection({ section }: SectionProps<'switches'>) {
  const { app } = useConfig();
  const { variant, values } = useVariantState();
  const [selected, setSelected] = useState<readonly string[]>([]);
  const template = (id: string | undefined) => variant.layers.find((l) => l.id === id);
  const layerFor = (layerId: string | undefined, value: string) => {
    const t = template(layerId);
    return t ? instantiateLayer(t, app, values, { [section.id]: value }) : undefined;
  };

  const toggle = (item: { value: string; layer?: string }, groupKey: string) => {
    const key = `${groupKey}:${item.value}`;
    const on = !selected.includes(key);
    setSelected(on ? [...selected, key] : selected.filter((k) => k !== key));
    const layer = layerFor(item.layer, item.value);
    if (layer) (on ? upsertLayer(layer) : removeLayer(layer.id));
  };
  // SPEC.md §3: a group toggle removes all if all are selected, otherwise adds the missing ones.
  const toggleGroup = (keys: readonly string[]) =>
    setSelected(keys.every((k) => selected.includes(k)) ? selected.filter((k) => !keys.includes(k)) : [...new Set([...selected, ...keys])]);
  const chosenValues = selected.map((k) => k.split(':')[1] ?? k);

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
          onClick={() => {
            const layer = layerFor(section.action?.layer, chosenValues.join('_'));
            if (layer) upsertLayer(layer);
          }}
        >
          {section.action.label}
        </button>
      )}
    </section>
  );
}
