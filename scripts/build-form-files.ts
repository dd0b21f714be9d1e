// `tsx scripts/build-form-files.ts [outDir] [--config dir] [--form id]`: writes the /project
// download files (blank proposal form and filling instructions, .pdf and .docx) generated from
// the form config into outDir (default dist/files). The Vite build does the same through
// formFilesPlugin() (src/proposal/docs/vitePlugin.ts).
import path from 'node:path';
import { stat } from 'node:fs/promises';
import { formatConfigError, loadConfigDir } from '../src/loader/loadConfig.ts';
import { writeFormFiles } from '../src/proposal/docs/writeFormFiles.ts';

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const positional = args.filter((a, i) => !a.startsWith('--') && !['--config', '--form'].includes(args[i - 1] ?? ''));
const outDir = path.resolve(positional[0] ?? 'dist/files');
const configDir = path.resolve(option('--config') ?? process.env.CONFIG_DIR ?? 'config');
const formId = option('--form');

const result = await loadConfigDir(configDir);
if (!result.ok) {
  for (const e of result.errors) console.error(formatConfigError(e));
  process.exit(1);
}
const form = formId ? result.bundle.forms.find((f) => f.id === formId) : result.bundle.forms[0];
if (!form) {
  console.error(`no form${formId ? ` "${formId}"` : ''} in ${configDir}`);
  process.exit(1);
}
const started = performance.now();
const files = await writeFormFiles(form, outDir);
for (const f of files) console.log(`${path.relative(process.cwd(), f)}  ${(await stat(f)).size.toLocaleString('en')} bytes`);
console.log(`${files.length} files in ${Math.round(performance.now() - started)} ms`);
