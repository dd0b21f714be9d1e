// Templates such as '{product}:cmline_{year}'. Variables are named values (picker codes, the loop
// year, the product), substituted as text only after the caller has typed and escaped them.

const VARIABLE = /\{([a-z][a-z0-9_-]*)\}/g;

export function templateVariables(template: string): string[] {
  return [...template.matchAll(VARIABLE)].map((m) => m[1] ?? '');
}

/** Describes a malformed template (a lone brace or a bad variable name), or undefined when fine. */
export function templateProblem(template: string): string | undefined {
  const stripped = template.replace(VARIABLE, '');
  if (/[{}]/.test(stripped)) return `has a "{" or "}" that is not part of a {variable} (names use a-z, 0-9, '-' and '_')`;
  return undefined;
}

export function interpolate(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(VARIABLE, (_, name: string) => {
    const v = values[name];
    if (v === undefined) throw new Error(`template variable {${name}} has no value`);
    return String(v);
  });
}
