// SPEC.md §2: 'สร้างรายงาน' opens the modal 'ตัวอย่างแบบฟอร์ม' with the PDF preview (100% wide,
// 800 high) and a close control, plus a download of the same PDF.
import type { PdfHandle } from '../../machines/wizard.ts';
import { Modal } from '../../components/Modal.tsx';
import { t } from './strings.ts';

export function PreviewModal({ pdf, buildMs, onClose }: { pdf: PdfHandle | null; buildMs: number | null; onClose: () => void }) {
  return (
    <Modal title={t.previewTitle} open={pdf !== null} onClose={onClose} className="modal-wide proposal-preview">
      {pdf && (
        <div className="proposal-preview-body">
          <div className="proposal-preview-bar">
            <a className="button primary" href={pdf.url} download={pdf.fileName} data-testid="pdf-download">
              {t.download}
            </a>
            <span className="muted">
              {pdf.fileName} · {t.pdfSize((pdf.bytes / 1024).toFixed(0), ((buildMs ?? 0) / 1000).toFixed(1))}
            </span>
            <button type="button" onClick={onClose}>
              {t.close}
            </button>
          </div>
          <iframe src={pdf.url} title={t.previewTitle} width="100%" height={800} className="proposal-preview-frame" />
        </div>
      )}
    </Modal>
  );
}
