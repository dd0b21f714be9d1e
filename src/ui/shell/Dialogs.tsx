// The top menu's dialogs: main menu, layer list, base maps, export.
import { th } from '../../locale/th.ts';
import { useStore } from '../../state/store.ts';
import { uiStore } from '../uiStore.ts';
import { Modal } from '../../components/Modal.tsx';
import { MainMenu } from './MainMenu.tsx';
import { LayerList } from './LayerList.tsx';
import { BasemapPicker } from './BasemapPicker.tsx';
import { ExportPanel } from '../report/ExportPanel.tsx';

export function Dialogs() {
  const dialog = useStore(uiStore, (s) => s.dialog);
  const close = () => uiStore.set({ dialog: null });
  return (
    <>
      <Modal title={th.mainMenu} open={dialog === 'menu'} onClose={close} className="modal-wide">
        <MainMenu onNavigate={close} />
      </Modal>
      <Modal title={th.layerPanel} open={dialog === 'layers'} onClose={close}>
        <LayerList />
      </Modal>
      <Modal title={th.basemapPanel} open={dialog === 'basemap'} onClose={close}>
        <BasemapPicker onChosen={close} />
      </Modal>
      <Modal title={th.exportDialog.title} open={dialog === 'export'} onClose={close} className="modal-report">
        <ExportPanel />
      </Modal>
    </>
  );
}
