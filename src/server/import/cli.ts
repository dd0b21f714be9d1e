// `npm run import -- <file> --as <table> [--replace|--append] [--encoding tis-620]
//                    [--object name] [--srs EPSG:32647]`
// On success: a summary line, the feature ids, the table's columns and types and a catalog entry
// to paste (report.ts); on failure one line of error (no stack trace) and exit code 1, nothing
// loaded; 2 for a wrong command line.

import type { Database } from '../db/types.ts';
import { importSource, ImportError, readSource, type ImportOptions } from './index.ts';
import { checkTableName, ColumnError } from './columns.ts';
import { importReport } from './report.ts';

const USAGE = `usage: npm run import -- <file> --as <table> [--replace | --append] [--encoding <name>] [--object <name>] [--srs <EPSG:code>]

  <file>             shapefile (.zip, or .shp with its .dbf/.shx/.prj/.cpg), .geojson/.json or .topojson
  --as <table>       target table (lower-case letters, digits, _); created when missing
  --replace          replace the table's rows          --append   add to its rows
  --encoding <name>  .dbf text encoding (utf-8, tis-620, windows-874, cp874, 874...); default: the .cpg,
                     else detected (UTF-8 when valid, otherwise windows-874)
  --object <name>    TopoJSON object (default: all objects), or the shapefile inside a zip
  --srs <EPSG:code>  source coordinate system when the .prj is missing or wrong
                     (EPSG:4326, 4240, 32647, 32648, 24047, 24048, 3857)`;

class UsageError extends Error {
  override name = 'UsageError';
}

interface ImportArgs extends ImportOptions {
  file: string;
}

function parseImportArgs(argv: readonly string[]): ImportArgs | 'help' {
  let file: string | undefined;
  const options: Partial<ImportOptions> = {};
  const value = (i: number, flag: string): string => {
    const next = argv[i + 1];
    if (next === undefined || next.startsWith('--')) throw new UsageError(`${flag} needs a value`);
    return next;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const take = (): string => {
      if (inline !== undefined) return inline;
      const next = value(i, flag);
      i++;
      return next;
    };
    switch (flag) {
      case '-h':
      case '--help':
        return 'help';
      case '--as':
        options.table = take();
        break;
      case '--replace':
      case '--append': {
        const mode = flag === '--replace' ? 'replace' : 'append';
        if (options.mode && options.mode !== mode) throw new UsageError('give --replace or --append, not both');
        options.mode = mode;
        break;
      }
      case '--encoding':
        options.encoding = take();
        break;
      case '--object':
        options.object = take();
        break;
      case '--srs':
        options.srs = take();
        break;
      default:
        if (flag.startsWith('-')) throw new UsageError(`unknown option ${flag}`);
        if (file !== undefined) throw new UsageError(`one file at a time (got ${file} and ${arg})`);
        file = arg;
    }
  }
  if (file === undefined) throw new UsageError('no file given');
  if (options.table === undefined) throw new UsageError('no table given (--as <table>)');
  return { ...options, file, table: options.table };
}

interface CliDeps {
  openDatabase: () => Promise<Database>;
  out?: (line: string) => void;
  err?: (line: string) => void;
}

/** Runs the import command; returns the process exit code. */
export async function runImportCli(argv: readonly string[], deps: CliDeps): Promise<number> {
  const out = deps.out ?? ((line) => process.stdout.write(`${line}\n`));
  const err = deps.err ?? ((line) => process.stderr.write(`${line}\n`));
  let args: ImportArgs | 'help';
  try {
    args = parseImportArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    err(`import: ${error.message}`);
    err(USAGE);
    return 2;
  }
  if (args === 'help') {
    out(USAGE);
    return 0;
  }
  let db: Database | undefined;
  try {
    const started = performance.now();
    try {
      checkTableName(args.table);
    } catch (error) {
      if (error instanceof ColumnError) throw new ImportError(args.file, error.message);
      throw error;
    }
    // The file first: a bad one fails at once, before a database is opened.
    const source = await readSource(args.file, args);
    const readMs = performance.now() - started;
    db = await deps.openDatabase();
    // The time reported is reading plus loading, not opening the database.
    const result = await importSource(db, source, args, performance.now() - readMs);
    for (const line of importReport(result, args.mode ?? 'create')) out(line);
    return 0;
  } catch (error) {
    const message = error instanceof ImportError ? error.message : `${args.file}: ${String((error as Error)?.message ?? error).split('\n')[0]}`;
    err(`import failed: ${message}`);
    return 1;
  } finally {
    await db?.close().catch(() => undefined);
  }
}
