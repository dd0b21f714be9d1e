// WMS_PROXY_ALLOW: the origins the GetFeatureInfo proxy may ask, comma-separated
// ("https://gis.example.go.th, http://10.0.0.5:8080"). Each must be an http(s) origin and nothing
// more (no path, query or credentials); they are compared by exact origin.

export function parseAllowOrigins(value: string | undefined): string[] {
  if (!value || value.trim() === '') return [];
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
    .map((item) => {
      let url: URL;
      try {
        url = new URL(item);
      } catch {
        throw new Error(`WMS_PROXY_ALLOW: "${item}" is not a URL`);
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`WMS_PROXY_ALLOW: "${item}" must be http or https`);
      if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) {
        throw new Error(`WMS_PROXY_ALLOW: "${item}" must be an origin only, like https://gis.example.go.th`);
      }
      return url.origin;
    });
}
