// A config error always names the file, the line and column in it, and the JSON path, so a GIS
// admin can go straight to the mistake: `config/topics/landuse.yaml:42:7 variants[0].legend: ...`.

export type JsonPath = ReadonlyArray<string | number>;

export interface ConfigError {
  file: string;
  line: number;
  column: number;
  path: string;
  message: string;
  /** A warning is printed but does not refuse the config (a layer that selects no rows). */
  severity?: 'warning';
}

/** `variants[0].layers[1].legend`; the whole document is `(document)`. */
export function formatJsonPath(path: JsonPath): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(seg)) out += out ? `.${seg}` : seg;
    else out += `[${JSON.stringify(seg)}]`;
  }
  return out || '(document)';
}

export function formatConfigError(e: ConfigError): string {
  return `${e.file}:${e.line}:${e.column} ${e.path}: ${e.severity === 'warning' ? 'warning: ' : ''}${e.message}`;
}

export function sortErrors(errors: ConfigError[]): ConfigError[] {
  return [...errors].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
}
