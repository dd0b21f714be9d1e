// Section kind `files` (/project, SPEC.md §2): the download page's two groups of files (the
// proposal form and the filling instructions, each .docx and .pdf) and the link to /project/form.
// The list itself is a small lazy chunk (src/proposal/ui/FilesList.tsx), so the map routes' first
// load carries only this wrapper.
import { lazy, Suspense } from 'react';
import type { SectionProps } from '../../../sections/definitions.ts';

const FilesList = lazy(() => import('./FilesList.tsx'));

export function FilesView({ section }: SectionProps<'files'>) {
  return (
    <Suspense fallback={null}>
      <FilesList section={section} />
    </Suspense>
  );
}
