/**
 * Vite plugin: after a client build, writes the /project download files (writeFormFiles.ts) into
 * `<outDir>/files/` (served as /maps/files/proposal-form.docx etc.). The form is read from the
 * config directory (CONFIG_DIR or ./config), validated like the rest of the build.
 *
 *   import { formFilesPlugin } from './src/proposal/docs/vitePlugin.ts';
 *   plugins: [react(), appConfig(), formFilesPlugin()]
 */
import path from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import { formatConfigError, loadConfigDir } from '../../loader/loadConfig.ts';
import { writeFormFiles } from './writeFormFiles.ts';

interface FormFilesPluginOptions {
  /** Config directory (default: CONFIG_DIR or ./config). */
  configDir?: string;
  /** Form id (default: the first form of the config). */
  formId?: string;
  /** Sub-directory of the build output (default 'files'). */
  subDir?: string;
}

export function formFilesPlugin(options: FormFilesPluginOptions = {}): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'proposal-form-files',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle() {
      // SSR/library builds of the same config have nothing to serve.
      if (config.build.ssr) return;
      const dir = path.resolve(options.configDir ?? process.env.CONFIG_DIR ?? 'config');
      const result = await loadConfigDir(dir);
      if (!result.ok) throw new Error(`invalid config:\n${result.errors.map(formatConfigError).join('\n')}`);
      const form = options.formId ? result.bundle.forms.find((f) => f.id === options.formId) : result.bundle.forms[0];
      if (!form) throw new Error(`form-files: no form${options.formId ? ` "${options.formId}"` : ''} in ${dir}`);
      const outDir = path.resolve(config.root, config.build.outDir, options.subDir ?? 'files');
      const started = performance.now();
      const files = await writeFormFiles(form, outDir);
      config.logger.info(`form files: ${files.map((f) => path.relative(config.root, f)).join(', ')} (${Math.round(performance.now() - started)} ms)`);
    },
  };
}
