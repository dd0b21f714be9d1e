// An accessible modal on the native <dialog> element: focus is trapped, Escape closes it. While
// open it is recorded in state/openModals.ts, so that the toasts are shown inside it.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { th } from '../locale/th.ts';
import { trackOpenModal } from '../state/openModals.ts';

export function Modal({ title, open, onClose, children, className }: { title: string; open: boolean; onClose: () => void; children: ReactNode; className?: string }) {
  const ref = useRef<HTMLDialogElement>(null);
  const overlayHost = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
    if (!open || !overlayHost.current) return;
    // forgotten when it closes by itself (Escape) as well as when `open` turns false
    const forget = trackOpenModal(overlayHost.current);
    d.addEventListener('close', forget);
    return () => {
      d.removeEventListener('close', forget);
      forget();
    };
  }, [open]);
  return (
    <dialog ref={ref} className={`modal ${className ?? ''}`} aria-labelledby={titleId} onClose={onClose} onCancel={onClose}>
      <header className="modal-header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="icon-button" aria-label={th.close} title={th.close} onClick={onClose}>
          ×
        </button>
      </header>
      <div className="modal-body">{open ? children : null}</div>
      <div ref={overlayHost} />
    </dialog>
  );
}
