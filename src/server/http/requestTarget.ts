interface RequestTarget {
  pathname: string;
  query: URLSearchParams;
}

/**
 * Splits a raw request target into a decoded path and query, or returns null when the path is
 * unsafe. The raw target is checked before any URL parsing because WHATWG URL silently resolves
 * `..` and `%2e%2e`, which would hide a traversal attempt instead of rejecting it.
 */
export function parseRequestTarget(rawUrl: string): RequestTarget | null {
  if (!rawUrl.startsWith('/')) return null;
  const queryStart = rawUrl.indexOf('?');
  const rawPath = queryStart === -1 ? rawUrl : rawUrl.slice(0, queryStart);
  const decoded: string[] = [];
  for (const rawSegment of rawPath.split('/').slice(1)) {
    const segment = decodeSegment(rawSegment);
    if (segment === null || !isSafeSegment(segment)) return null;
    decoded.push(segment);
  }
  return {
    pathname: `/${decoded.join('/')}`,
    query: new URLSearchParams(queryStart === -1 ? '' : rawUrl.slice(queryStart + 1)),
  };
}

function decodeSegment(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null; // malformed percent-encoding
  }
}

// An encoded slash or backslash would let one segment smuggle in several.
function isSafeSegment(segment: string): boolean {
  return segment !== '.' && segment !== '..' && !/[/\\\0]/.test(segment);
}
