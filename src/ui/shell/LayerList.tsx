// The layer list: ungrouped layers, top first (SPEC.md §3, §4); 'ไม่มีเลเยอร์' when empty.
// Reorder by dragging a row (HTML5 drag and drop) or from the keyboard: the 'เลื่อนขึ้น' /
// 'เลื่อนลง' buttons or Alt+ArrowUp / Alt+ArrowDown on a row. The new order renumbers the
// zIndex (list length + 600 - position), which redraws WMS and deck layers alike.
import { useRef, useState, type KeyboardEvent } from 'react';
import { th } from '../../locale/th.ts';
import { useStore } from '../../state/store.ts';
import { layerStore, listedLayers, removeLayer, reorderLayer, toggleLayer } from '../../map/layerStore.ts';

const MOVE_UP = 'เลื่อนขึ้น';
const MOVE_DOWN = 'เลื่อนลง';

export function LayerList() {
  // Select the stored array itself (a stable snapshot); a filtered copy per read loops forever.
  const layers = listedLayers(useStore(layerStore, (s) => s.layers));
  const dragged = useRef<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);

  if (layers.length === 0) return <p className="empty">{th.noLayers}</p>;

  const move = (id: string, to: number, focus?: string) => {
    reorderLayer(id, to);
    // Keep the keyboard where it was: on the moved row's same button, if still enabled.
    if (focus) requestAnimationFrame(() => listRef.current?.querySelector<HTMLElement>(`[data-layer-id="${CSS.escape(id)}"] ${focus}`)?.focus());
  };
  const onKeyDown = (e: KeyboardEvent<HTMLLIElement>, id: string, index: number) => {
    if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
    e.preventDefault();
    const to = e.key === 'ArrowUp' ? index - 1 : index + 1;
    if (to < 0 || to >= layers.length) return;
    reorderLayer(id, to);
    requestAnimationFrame(() => listRef.current?.querySelector<HTMLElement>(`[data-layer-id="${CSS.escape(id)}"]`)?.focus());
  };

  return (
    <ul className="layer-list" ref={listRef} aria-label={th.layerPanel}>
      {layers.map((l, i) => (
        <li
          key={l.id}
          data-layer-id={l.id}
          data-zindex={l.zIndex}
          tabIndex={0}
          draggable
          aria-label={l.name}
          aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown"
          style={{ cursor: 'grab', flexWrap: 'wrap', padding: '2px 4px', borderRadius: 6, outlineOffset: 2, borderTop: over === l.id ? '3px solid var(--brand)' : '3px solid transparent' }}
          onKeyDown={(e) => onKeyDown(e, l.id, i)}
          onDragStart={(e) => {
            dragged.current = l.id;
            e.dataTransfer.effectAllowed = 'move';
            e.dataTransfer.setData('text/plain', l.id);
          }}
          onDragOver={(e) => {
            if (!dragged.current) return;
            e.preventDefault();
            e.dataTransfer.dropEffect = 'move';
            if (over !== l.id) setOver(l.id);
          }}
          onDragLeave={() => setOver((o) => (o === l.id ? null : o))}
          onDrop={(e) => {
            e.preventDefault();
            const id = dragged.current ?? e.dataTransfer.getData('text/plain');
            dragged.current = null;
            setOver(null);
            if (id && id !== l.id) reorderLayer(id, i);
          }}
          onDragEnd={() => {
            dragged.current = null;
            setOver(null);
          }}
        >
          <span aria-hidden style={{ flex: 'none' }}>⠿</span>
          <span className={l.visible ? '' : 'muted'} style={{ minWidth: '9rem' }}>{l.name}</span>
          <button type="button" className="icon-button" data-move="up" aria-label={`${MOVE_UP} ${l.name}`} title={MOVE_UP} disabled={i === 0} onClick={() => move(l.id, i - 1, '[data-move="up"]')}>
            ↑
          </button>
          <button
            type="button"
            className="icon-button"
            data-move="down"
            aria-label={`${MOVE_DOWN} ${l.name}`}
            title={MOVE_DOWN}
            disabled={i === layers.length - 1}
            onClick={() => move(l.id, i + 1, '[data-move="down"]')}
          >
            ↓
          </button>
          <button type="button" onClick={() => toggleLayer(l.id)}>{l.visible ? th.hide : th.show}</button>
          <button type="button" onClick={() => removeLayer(l.id)} aria-label={`ลบ ${l.name}`}>ลบ</button>
        </li>
      ))}
    </ul>
  );
}
