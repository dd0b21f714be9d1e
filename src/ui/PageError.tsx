// The Thai page shown when a route cannot be drawn, in place of React Router's English developer
// page: most often a newer build was installed while the page was open, so a part it loads on
// demand (a chart, a dialog) is no longer on the server; a reload gets the new version.
import { useRouteError } from 'react-router';
import { th } from '../locale/th.ts';
import { useDocumentTitle } from './useDocumentTitle.ts';

/** A lazily loaded part that the server no longer has (Chromium, Firefox and Safari wordings). */
const STALE_BUILD = /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i;

export function PageError() {
  const error = useRouteError();
  useDocumentTitle(th.pageError.title);
  const stale = error instanceof Error && STALE_BUILD.test(error.message);
  if (!stale) console.error(error); // kept for the admin's DevTools
  return (
    <main className="not-found" role="alert">
      <h1>{th.pageError.title}</h1>
      <p>{stale ? th.pageError.updated : th.pageError.fault}</p>
      <button type="button" className="button primary" onClick={() => window.location.reload()}>
        {th.pageError.reload}
      </button>
    </main>
  );
}
