import { createPortal } from 'react-dom';
import { openModalsStore, topModalHost } from '../../state/openModals.ts';
import { useStore } from '../../state/store.ts';
import { toast, toastStore } from '../../state/toast.ts';
import { th } from '../../locale/th.ts';
import { KeepWhole } from '../../components/KeepWhole.tsx';

/** The toasts of SPEC.md §8, inside the topmost open modal dialog when there is one (else they would be dimmed under its backdrop and inert). */
export function Toaster() {
  const toasts = useStore(toastStore, (s) => s.toasts);
  const modal = useStore(openModalsStore, topModalHost);
  const list = (
    <div className="toaster" role="status" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast-${t.kind}`} role={t.kind === 'error' ? 'alert' : undefined}>
          {t.kind === 'loading' && <span className="spinner" aria-hidden />}
          <span className="toast-text">
            <KeepWhole text={t.text} />
          </span>
          {t.kind !== 'loading' && (
            <button type="button" className="toast-close" aria-label={th.close} title={th.close} onClick={() => toast.dismiss(t.id)}>
              ×
            </button>
          )}
        </div>
      ))}
    </div>
  );
  return modal ? createPortal(list, modal) : list;
}
