// Names a screen reader speaks and tooltips a visitor reads are Thai too (issue 24, Thai text):
// no component writes an English aria-label, title, placeholder or alt as a literal; they come from
// src/locale or config like every other string. ('Map menu' on the top menu's toolbar was one.)
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../../src/', import.meta.url));
const components = (readdirSync(SRC, { recursive: true }) as string[]).filter((f) => f.endsWith('.tsx'));
const LITERAL_ATTRIBUTE = /\b(aria-label|title|placeholder|alt)="([^"]*[A-Za-z]{3}[^"]*)"/g;

describe('accessible names and tooltips', () => {
  it('no component writes one in English', () => {
    const found = components.flatMap((file) =>
      readFileSync(path.join(SRC, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => [...line.matchAll(LITERAL_ATTRIBUTE)].map((m) => `src/${file}:${i + 1} ${m[1]}="${m[2]}"`)),
    );
    expect(found).toEqual([]);
  });
});
