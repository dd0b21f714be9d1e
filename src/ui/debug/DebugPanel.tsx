// The admin's panel of failed requests under ?debug=1 (issue 23 item 3): each request the page
// made that failed (the API client's and the map's tiles), newest first, with its method, URL,
// HTTP status and the server's reason (an OGC exception's text, a JSON error body), so an admin
// sees why a layer, chart or list failed without DevTools or the server log.
import { useSyncExternalStore } from 'react';
import { failureLog } from '../../api/failureLog.ts';
import { th } from '../../locale/th.ts';
import './debug.css';

const t = th.failures.debug;

export default function DebugPanel() {
  const failures = useSyncExternalStore(failureLog.subscribe, failureLog.get, failureLog.get);
  return (
    <section className="debug-panel" aria-labelledby="debug-panel-title" data-testid="debug-panel">
      <details open>
        <summary>
          <h2 id="debug-panel-title">
            {t.title} ({failures.length})
          </h2>
        </summary>
        {failures.length === 0 ? (
          <p>{t.none}</p>
        ) : (
          <>
            <div className="debug-panel-scroll" tabIndex={0} role="region" aria-label={t.title}>
              <table>
                <thead>
                  <tr>
                    <th scope="col">{t.method}</th>
                    <th scope="col">{t.status}</th>
                    <th scope="col">{t.url}</th>
                    <th scope="col">{t.reason}</th>
                  </tr>
                </thead>
                <tbody>
                  {[...failures].reverse().map((f) => (
                    <tr key={f.id} data-kind={f.kind}>
                      <td>{f.method}</td>
                      <td>{f.status ?? f.kind}</td>
                      <td className="debug-url">
                        {decodeURIComponentSafe(f.url)}
                        {f.body && <div className="debug-body">{decodeURIComponentSafe(f.body)}</div>}
                      </td>
                      <td className="debug-reason">{f.reason}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <button type="button" onClick={() => failureLog.clear()}>
              {t.clear}
            </button>
          </>
        )}
      </details>
    </section>
  );
}

/** The URL as an admin reads it (CQL filters and Thai values decoded), as given when it is not valid. */
function decodeURIComponentSafe(url: string): string {
  try {
    return decodeURIComponent(url.replace(/\+/g, ' '));
  } catch {
    return url;
  }
}
