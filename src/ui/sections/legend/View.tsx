// A legend card from config/legends.yaml, collapsible with 'แสดง' / 'ย่อ' (SPEC.md §4). An item
// with a `symbol` shows that mark in its colour, as the map draws its points; a `pin` legend the
// station pin.
import { useId, useState } from 'react';
import { LegendSymbol } from '../../../components/LegendSymbol.tsx';
import { th } from '../../../locale/th.ts';
import { useConfig } from '../../../state/config.tsx';
import type { SectionProps } from '../../../sections/definitions.ts';

export function LegendView({ section }: SectionProps<'legend'>) {
  const { legends } = useConfig();
  const legend = legends.find((l) => l.id === section.legend);
  const [open, setOpen] = useState(!section.collapsed);
  const bodyId = useId();
  if (!legend) return null;
  const shown = section.items ? legend.items.filter((item) => section.items?.some((code) => String(code) === String(item.code))) : legend.items;
  return (
    <section className="card legend-card">
      <header className="card-header">
        <h2>{legend.title}</h2>
        <button type="button" className="link-button" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen(!open)}>
          {open ? th.collapse : th.expand}
        </button>
      </header>
      <ul id={bodyId} className="legend-items" hidden={!open}>
        {shown.map((item) => (
          <li key={item.label}>
            {item.image ? (
              <img src={item.image} alt="" width="18" height="18" />
            ) : item.symbol || legend.type === 'pin' ? (
              <LegendSymbol shape={item.symbol ?? 'pin'} color={item.color} />
            ) : (
              <span className={`swatch swatch-${legend.type}`} style={{ ['--swatch' as string]: item.color }} aria-hidden />
            )}
            <span>{item.label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
