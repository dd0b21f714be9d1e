// Shared helpers of the config-loader tests: a throw-away copy of config/ with one file replaced,
// loaded by the real loader, and its errors as the `file:line:column path: message` lines a GIS
// admin sees (with the temp dir stripped, so they read `topics/landuse.yaml:12:9 ...`).
import { cpSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatConfigError, loadConfigDir, type LoadResult } from '../../../src/loader/loadConfig.ts';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const CONFIG_DIR = path.join(REPO_ROOT, 'config');

const made: string[] = [];

/** A fresh copy of config/ in the OS temp dir; removed by `cleanupTempConfigs`. */
export function copyConfig(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tcs-config-'));
  cpSync(CONFIG_DIR, dir, { recursive: true });
  made.push(dir);
  return dir;
}

export function cleanupTempConfigs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/**
 * Strips the common indentation of a template literal and its first newline, so line 1 of the
 * YAML is the line right after the opening backtick and columns count from the left margin.
 */
export function yaml(strings: TemplateStringsArray, ...values: unknown[]): string {
  const raw = strings.reduce((acc, s, i) => acc + s + (i < values.length ? String(values[i]) : ''), '');
  const lines = raw.replace(/^\n/, '').replace(/\n[ \t]*$/, '\n').split('\n');
  const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => /^ */.exec(l)?.[0].length ?? 0));
  return lines.map((l) => l.slice(indent)).join('\n');
}

export interface Edit { file: string; text?: string; remove?: boolean }

/** Copies config/, applies the edits (file relative to config/), loads it. */
export async function loadEdited(...edits: Edit[]): Promise<{ dir: string; result: LoadResult; lines: string[] }> {
  const dir = copyConfig();
  for (const e of edits) {
    const target = path.join(dir, e.file);
    if (e.remove) unlinkSync(target);
    else writeFileSync(target, e.text ?? '', 'utf8');
  }
  const result = await loadConfigDir(dir);
  return { dir, result, lines: errorLines(result, dir) };
}

/** The formatted errors with `<dir>/` removed from the front of each file name. */
export function errorLines(result: LoadResult, dir: string): string[] {
  if (result.ok) return [];
  const prefix = `${dir}${path.sep}`;
  return result.errors.map((e) => {
    const line = formatConfigError(e);
    return line.startsWith(prefix) ? line.slice(prefix.length) : line;
  });
}

/** Loads config/ with one topic file replaced (or added) and returns its error lines. */
export async function topicErrors(route: string, text: string): Promise<string[]> {
  return (await loadEdited({ file: `topics/${route}.yaml`, text })).lines;
}
