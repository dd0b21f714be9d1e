const CONFIG_MARKER = '<!--app-config-->';

/**
 * Makes JSON text safe inside an HTML <script> element: `<` can start `</script>` or `<!--`,
 * and U+2028/U+2029 are line terminators in older JavaScript parsers.
 */
export function scriptSafeJson(json: string): string {
  return json.replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** Replaces the config marker in index.html with the client config as a JSON script element. */
export function injectConfig(html: string, clientConfigJson: string): string {
  if (!html.includes(CONFIG_MARKER)) throw new Error(`index.html has no ${CONFIG_MARKER} marker`);
  const script = `<script id="app-config" type="application/json">${scriptSafeJson(clientConfigJson)}</script>`;
  // A replacer function, because a replacement string would expand `$&` and the like found in the JSON.
  return html.replace(CONFIG_MARKER, () => script);
}
