// Debug mode (`?debug=1`, issue 23 item 3): the admin's panel of failed requests shows. Read once
// at start, like QA mode, so it stays on while the visitor moves between pages.
function isDebugMode(search: string): boolean {
  const v = new URLSearchParams(search).get('debug');
  return v === '1' || v === 'true';
}

export const debugMode = typeof window !== 'undefined' && isDebugMode(window.location.search);
