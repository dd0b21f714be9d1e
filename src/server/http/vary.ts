// The Vary header: answers that depend on a request header say so, once per header name.

/** Adds `name` to the response's Vary header once. */
export function addVary(res: { getHeader(name: string): unknown; setHeader(name: string, value: string): unknown }, ...names: readonly string[]): void {
  const current = String(res.getHeader('Vary') ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
  for (const name of names) if (!current.some((v) => v.toLowerCase() === name.toLowerCase())) current.push(name);
  if (current.length) res.setHeader('Vary', current.join(', '));
}
