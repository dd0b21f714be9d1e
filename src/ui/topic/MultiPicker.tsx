// Multi-select with search (case-insensitive substring), a cap on shown matches with the Thai
// note 'แสดง 150 จาก N ผลลัพธ์ กรุณาปรับการค้นหาของคุณ' (SPEC.md §2, §9), and removable chips
// (the picker machine's REMOVE; removing the last chip clears the picker). An empty choice is
// ignored (SPEC.md §5).
import { useState } from 'react';
import type { ResolvedPicker } from '../../engine/types.ts';
import { toChosen, type Chosen, type Option } from '../../engine/options.ts';
import { th } from '../../locale/th.ts';
import { useOptionalVariantState } from './variantState.tsx';

interface Props {
  id: string;
  picker: ResolvedPicker;
  options: Option[];
  enabled: boolean;
  value: Chosen[];
  /** Most matches shown at once (picker `cap`, else app.limits.dropdownCap). */
  cap: number;
  onChange: (v: Chosen[] | null) => void;
}

export function MultiPicker({ id, picker, options, enabled, value, cap, onChange }: Props) {
  const actor = useOptionalVariantState()?.actor ?? null;
  const [query, setQuery] = useState('');
  const chosen = new Set(value.map((v) => v.code));
  const q = query.trim().toLocaleLowerCase();
  const matches = options.filter((o) => !chosen.has(o.value) && (!q || o.label.toLocaleLowerCase().includes(q)));
  const shown = matches.slice(0, cap);
  const add = (code: string) => {
    const o = options.find((x) => x.value === code);
    if (o) onChange([...value, toChosen(o)]);
  };
  const remove = (code: string) => {
    if (actor) {
      actor.send({ type: 'REMOVE', level: picker.id, code });
      return;
    }
    const rest = value.filter((v) => v.code !== code);
    onChange(rest.length ? rest : null);
  };
  return (
    <div className="multi-picker">
      {value.length > 0 && (
        <ul className="chips" aria-label={`${picker.label}ที่เลือก`}>
          {value.map((v) => (
            <li key={v.code} className="chip">
              {v.name}
              <button type="button" aria-label={`ลบ ${v.name}`} title={`ลบ ${v.name}`} onClick={() => remove(v.code)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <input type="search" aria-label={`${th.search}${picker.label}`} placeholder={th.search} value={query} disabled={!enabled} onChange={(e) => setQuery(e.target.value)} />
      <select
        id={id}
        disabled={!enabled}
        value=""
        onChange={(e) => {
          if (e.target.value) add(e.target.value);
        }}
      >
        <option value="">{`${th.choose}${picker.label}`}</option>
        {shown.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {matches.length > shown.length && <p className="cap-note">{th.capNote(shown.length, matches.length)}</p>}
    </div>
  );
}
