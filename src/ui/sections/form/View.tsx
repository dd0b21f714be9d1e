// Section kind `form` (/project/form): the config form, rendered by the proposal wizard. The
// wizard (rjsf, ajv, the form map) is its own lazy chunk, loaded only on this route, so the map
// routes' first load does not grow; the PDF code is a further lazy chunk, loaded on 'สร้างรายงาน'.
import { Component, lazy, Suspense, type ReactNode } from 'react';
import type { SectionProps } from '../../../sections/definitions.ts';

const ProposalForm = lazy(() => import('../../../proposal/ui/ProposalForm.tsx'));

export function FormView({ section }: SectionProps<'form'>) {
  return (
    <ChunkBoundary>
      <Suspense
        fallback={
          <p className="empty" role="status">
            กำลังโหลดแบบฟอร์ม...
          </p>
        }
      >
        <ProposalForm formId={section.form} />
      </Suspense>
    </ChunkBoundary>
  );
}

/** A chunk that cannot be loaded (offline, or a new deployment replaced it) asks for a reload
 *  instead of leaving a blank page. */
class ChunkBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('the proposal form could not be loaded', error);
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <p className="empty" role="alert">
        โหลดแบบฟอร์มไม่สำเร็จ{' '}
        <button type="button" className="link-button" onClick={() => window.location.reload()}>
          โหลดหน้าใหม่
        </button>
      </p>
    );
  }
}
