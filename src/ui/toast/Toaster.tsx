import { useStore } from '../../state/store.ts';
import { toast, toastStore } from '../../state/toast.ts';
import { th } from '../../locale/th.ts';
import { KeepWhole } from '../../components/KeepWhole.tsx';

export function Toaster() {
  const toasts = useStore(toastStore, (s) => s.toasts);
  return (
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
}
