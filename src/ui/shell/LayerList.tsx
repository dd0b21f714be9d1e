// The layer list: ungrouped layers, top first (SPEC.md §3, §4); 'ไม่มีเลเยอร์' when empty.
import { th } from '../../locale/th.ts';
import { useStore } from '../store.ts';
import { layerStore, listedLayers, removeLayer, toggleLayer } from '../../map/layerStore.ts';

export function LayerList() {
  // Select the stored array itself (a stable snapshot); a filtered copy per read loops forever.
  const layers = listedLayers(useStore(layerStore, (s) => s.layers));
  if (layers.length === 0) return <p className="empty">{th.noLayers}</p>;
  return (
    <ul className="layer-list">
      {layers.map((l) => (
        <li key={l.id}>
          <span className={l.visible ? '' : 'muted'}>{l.name}</span>
          <button type="button" onClick={() => toggleLayer(l.id)}>{l.visible ? th.hide : th.show}</button>
          <button type="button" onClick={() => removeLayer(l.id)} aria-label={`ลบ ${l.name}`}>ลบ</button>
        </li>
      ))}
    </ul>
  );
}
