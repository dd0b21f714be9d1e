// Loads a config directory: reads every file, validates it against its schema, runs the
// cross-reference checks, and returns either the resolved bundle or every error found.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { ConfigError } from '../engine/errors.ts';
import { sortErrors } from '../engine/errors.ts';
export { formatConfigError } from '../engine/errors.ts';
import type { AppConfig, CascadeDef, ConfigBundle, FormDoc, Glossary, MenuDoc, TopicDoc } from '../engine/types.ts';
import type { LegendSource } from '../engine/glossary.ts';
import { readDocument, type SourceDocument } from './readDocument.ts';
import { validatorFor, type ConfigKind } from './schemas.ts';
import { schemaErrors } from './schemaErrors.ts';
import { crossCheck, type Loaded } from './crossref.ts';
import { buildBundle } from '../engine/bundle.ts';
import type { CatalogDoc, Published } from '../engine/catalog.ts';
import { readCatalog } from './loadCatalog.ts';
import type { AtlasDoc } from '../engine/atlasTypes.ts';
import { checkAtlas } from './crossrefAtlas.ts';
import { Issues } from './issues.ts';

export type LoadResult =
  | { ok: true; bundle: ConfigBundle; summary: string; catalog: { doc: CatalogDoc; layers: Published[] }; atlas?: AtlasDoc }
  | { ok: false; errors: ConfigError[] };

const CONFIG_FILE = /\.(ya?ml|json)$/;

export async function loadConfigDir(dir: string): Promise<LoadResult> {
  const errors: ConfigError[] = [];
  const shown = (abs: string) => shownPath(abs);

  const single = async <T>(base: string, kind: ConfigKind): Promise<Loaded<T> | undefined> => {
    const file = await findFile(dir, base);
    if (!file) {
      errors.push({ file: shown(path.join(dir, `${base}.yaml`)), line: 1, column: 1, path: '(document)', message: 'file not found' });
      return undefined;
    }
    return loadOne<T>(file, kind, shown, errors);
  };
  const many = async <T>(sub: string, kind: ConfigKind) => {
    const files = await listConfigFiles(path.join(dir, sub));
    const loaded = await Promise.all(files.map((f) => loadOne<T>(f, kind, shown, errors)));
    return loaded.map((l, i) => (l ? { ...l, file: files[i] ?? '' } : undefined)).filter((l) => l !== undefined);
  };

  const [app, menu, legends, glossary, pickers, topics, forms] = await Promise.all([
    single<AppConfig>('app', 'app'),
    single<MenuDoc>('menu', 'menu'),
    single<{ legends: LegendSource[] }>('legends', 'legends'),
    single<Glossary>('glossary', 'glossary'),
    single<{ cascades: CascadeDef[] }>('pickers', 'pickers'),
    many<TopicDoc>('topics', 'topic'),
    many<FormDoc>('forms', 'proposal'),
  ]);
  // the layer catalog is the server's: read here to check it with the topics, not sent to the client
  const catalogFile = await findFile(dir, 'layers');
  const catalog = catalogFile ? readCatalog(catalogFile, shown(catalogFile)) : undefined;
  if (!catalogFile) errors.push({ file: shown(path.join(dir, 'layers.yaml')), line: 1, column: 1, path: '(document)', message: 'file not found' });
  else if (catalog && !catalog.ok) errors.push(...catalog.errors);
  // atlas.yaml is optional (the server's atlas pages are off without it)
  const atlasFile = await findFile(dir, 'atlas');
  const atlas = atlasFile ? await loadOne<AtlasDoc>(atlasFile, 'atlas', shown, errors) : undefined;
  if (topics.length === 0 && !errors.some((e) => e.file.includes('topics'))) {
    errors.push({ file: shown(path.join(dir, 'topics')), line: 1, column: 1, path: '(document)', message: 'no topic files found (expected topics/<route>.yaml)' });
  }

  errors.push(
    ...crossCheck({
      app, menu, legends, glossary, pickers, forms,
      ...(catalog?.ok ? { catalog: { loaded: catalog.loaded, layers: catalog.layers } } : {}),
      topics: topics.map((t) => ({ ...t, fileRoute: path.basename(t.file).replace(CONFIG_FILE, '') })),
    }),
  );
  if (atlas && legends) {
    const issues = new Issues();
    // a topic file that failed its own checks is reported once, not again by each reference
    const failed = (await listConfigFiles(path.join(dir, 'topics'))).map((f) => path.basename(f).replace(CONFIG_FILE, '')).filter((route) => !topics.some((t) => t.data.route === route));
    checkAtlas(issues, atlas, topics, legends.data.legends.map((l) => l.id), failed);
    errors.push(...issues.errors);
  }
  if (errors.length > 0 || !app || !menu || !legends || !glossary || !pickers || !catalog?.ok) return { ok: false, errors: sortErrors(errors) };

  const bundle = buildBundle({
    app: app.data, menu: menu.data, legends: legends.data.legends, glossary: glossary.data, cascades: pickers.data.cascades,
    topics: topics.map((t) => t.data), forms: forms.map((f) => f.data),
  });
  const variants = bundle.topics.reduce((n, t) => n + t.variants.length, 0);
  const summary = `config ok: ${bundle.topics.length} topics, ${variants} variants, ${bundle.legends.length} legends, ${pickers.data.cascades.length} cascades, ${bundle.forms.length} forms, ${catalog.layers.length} catalog layers (${shown(dir)})`;
  return { ok: true, bundle, summary, catalog: { doc: catalog.loaded.data, layers: catalog.layers }, ...(atlas ? { atlas: atlas.data } : {}) };
}

async function loadOne<T>(file: string, kind: ConfigKind, shown: (f: string) => string, errors: ConfigError[]): Promise<Loaded<T> | undefined> {
  const read = await readDocument(file, shown(file));
  if (!read.ok) {
    errors.push(...read.errors);
    return undefined;
  }
  const validate = validatorFor(kind);
  if (!validate(read.doc.data)) {
    errors.push(...schemaErrors(validate.errors ?? [], read.doc));
    return undefined;
  }
  return { doc: read.doc as SourceDocument, data: read.doc.data as T };
}

async function findFile(dir: string, base: string): Promise<string | undefined> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const match = ['yaml', 'yml', 'json'].map((ext) => `${base}.${ext}`).find((n) => names.includes(n));
  return match ? path.join(dir, match) : undefined;
}

async function listConfigFiles(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names.filter((n) => CONFIG_FILE.test(n)).sort().map((n) => path.join(dir, n));
}

function shownPath(abs: string): string {
  const rel = path.relative(process.cwd(), abs);
  return rel.startsWith('..') || path.isAbsolute(rel) ? abs : rel.split(path.sep).join('/');
}
