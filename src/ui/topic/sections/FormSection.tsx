// Section kind `form` (/project/form): the config form, rendered by the proposal wizard. The
// wizard (rjsf, ajv, the form map) is its own lazy chunk, loaded only on this route, so the map
// routes' first load does not grow; the PDF code is a further lazy chunk, loaded on 'สร้างรายงาน'.
import { lazy, Suspense } from 'react';
import type { SectionProps } from './SectionView.tsx';

const ProposalForm = lazy(() => import('../../../proposal/ui/ProposalForm.tsx'));

export function FormSection({ section }: SectionProps<'form'>) {
  return (
    <Suspense
      fallback={
        <p className="empty" role="status">
          กำลังโหลดแบบฟอร์ม...
        </p>
      }
    >
      <ProposalForm formId={section.form} />
    </Suspense>
  );
}
