// Top menu over the map (SPEC.md §2): Menu, Layers with the count badge, Base map, Export, and
// the copy-link control of the map's URL state and the place search (issue 11).
import { th } from '../../locale/th.ts';
import { useStore } from '../../state/store.ts';
import { uiStore, type Dialog } from '../uiStore.ts';
import { layerStore, listedLayers } from '../../map/layerStore.ts';
import { copyLink } from '../urlState/copyLink.ts';
import { PlaceSearch } from '../search/PlaceSearch.tsx';
import { CompareButton } from '../compare/CompareButton.tsx';

export function TopMenu() {
  const count = useStore(layerStore, (s) => listedLayers(s.layers).length);
  const open = (dialog: Dialog) => () => uiStore.set({ dialog });
  return (
    <div className="top-menu" role="toolbar" aria-label={th.topMenu.label}>
      <button type="button" onClick={open('menu')}>{th.topMenu.menu}</button>
      {/* The name is exactly the visible text ('Layers 2'), so speech users can say what they see
          (axe-core label-content-name-mismatch, issue 11). */}
      <button type="button" onClick={open('layers')}>
        {th.topMenu.layers} <span className="badge">{count}</span>
      </button>
      <button type="button" onClick={open('basemap')}>{th.topMenu.basemap}</button>
      <button type="button" onClick={open('export')}>{th.topMenu.export}</button>
      <CompareButton />
      <button type="button" onClick={() => void copyLink()}>{th.urlState.copyLink}</button>
      <PlaceSearch />
    </div>
  );
}
