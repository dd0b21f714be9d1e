import { Link } from 'react-router';
import { th } from '../locale/th.ts';
import { useConfig } from '../state/config.tsx';
import { useDocumentTitle } from './useDocumentTitle.ts';

export function NotFound() {
  const { app } = useConfig();
  useDocumentTitle(th.notFound.title);
  return (
    <main className="not-found">
      <h1>{th.notFound.title}</h1>
      <p>{th.notFound.body}</p>
      <Link className="button primary" to={`/${app.defaultRoute ?? ''}`}>
        {th.notFound.back}
      </Link>
    </main>
  );
}
