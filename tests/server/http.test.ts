import { describe, expect, it } from 'vitest';
import { injectConfig, scriptSafeJson } from '../../src/server/client/indexHtml.ts';
import { acceptsGzip, etagMatches } from '../../src/server/http/negotiate.ts';
import { parseRequestTarget } from '../../src/server/http/requestTarget.ts';

describe('parseRequestTarget', () => {
  it('decodes the path and keeps the query', () => {
    const target = parseRequestTarget('/maps/%E0%B8%97%E0%B8%B0%E0%B9%80%E0%B8%A5?page=wms&wms=http%3A%2F%2Fx%2F');
    expect(target?.pathname).toBe('/maps/ทะเล');
    expect(target?.query.get('wms')).toBe('http://x/');
  });

  it.each(['/maps/..', '/maps/./x', '/a/%2e%2E/b', '/a%2fb', '/a%5Cb', '/a%00', '/%zz', 'http://host/maps/', '*'])('rejects %s', (raw) => {
    expect(parseRequestTarget(raw)).toBeNull();
  });
});

describe('negotiation', () => {
  it.each([
    ['gzip, deflate, br', true],
    ['br;q=1.0, gzip;q=0.8', true],
    ['*', true],
    ['gzip;q=0', false],
    ['*;q=0', false],
    ['gzip;q=0, *', false],
    ['br', false],
    ['', false],
  ])('Accept-Encoding %j accepts gzip: %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });

  it('compares ETags weakly and honours *', () => {
    expect(etagMatches('"a", W/"b"', ['"b"'])).toBe(true);
    expect(etagMatches('*', ['"b"'])).toBe(true);
    expect(etagMatches('"c"', ['"a"', '"b"'])).toBe(false);
    expect(etagMatches(undefined, ['"a"'])).toBe(false);
  });
});

describe('config injection', () => {
  it('escapes characters that could end the script or the line', () => {
    expect(scriptSafeJson('{"a":"</script>\u2028\u2029"}')).toBe('{"a":"\\u003c/script>\\u2028\\u2029"}');
  });

  it('replaces the marker literally and insists on it', () => {
    const html = injectConfig('<head><!--app-config--></head>', '{"a":"$&"}');
    expect(html).toBe('<head><script id="app-config" type="application/json">{"a":"$&"}</script></head>');
    expect(() => injectConfig('<head></head>', '{}')).toThrow(/marker/);
  });
});
