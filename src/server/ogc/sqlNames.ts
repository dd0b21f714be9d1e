// The only text the OGC SQL builders write themselves besides operators and placeholders:
// registry names (checked against a strict pattern) and numbers they computed.

export const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A double-quoted identifier of a registry name (never request text). */
export function ident(name: string): string {
  if (!IDENT.test(name)) throw new Error(`bad identifier ${JSON.stringify(name)}`);
  return `"${name}"`;
}

/** A SQL string literal of a registry name (never request text). */
export function nameLiteral(name: string): string {
  if (!IDENT.test(name)) throw new Error(`bad name ${JSON.stringify(name)}`);
  return `'${name}'`;
}

/** A finite number written into SQL text (computed here, never request text). */
export function num(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`non-finite number ${value}`);
  return String(value);
}
