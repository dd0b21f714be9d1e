/** True when Accept-Encoding allows gzip (explicitly or via `*`) with a non-zero quality. */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  const q = qualityOf(acceptEncoding, 'gzip') ?? qualityOf(acceptEncoding, '*');
  return q !== undefined && q > 0;
}

function qualityOf(header: string, coding: string): number | undefined {
  for (const entry of header.split(',')) {
    const [name = '', ...params] = entry.split(';').map((part) => part.trim().toLowerCase());
    if (name !== coding) continue;
    const q = params.find((param) => param.startsWith('q='));
    return q === undefined ? 1 : Number(q.slice(2)) || 0;
  }
  return undefined;
}

/** If-None-Match uses weak comparison (RFC 9110 §13.1.2), so a `W/` prefix is ignored. */
export function etagMatches(ifNoneMatch: string | undefined, etags: readonly string[]): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => etags.includes(tag.trim().replace(/^W\//, '')));
}
