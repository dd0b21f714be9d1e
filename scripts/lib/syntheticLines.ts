// The MapServer bench's synthetic table (../shared/bench/mapserver/synthetic.sql: 100,000 short
// lines in lon 99-103 / lat 6-14) as a script our benches can run through a database handle, and
// grown `scale` times in the same extent (issue 29 aim 3: 1,000,000 lines at scale 10): scale
// times as many sites, each with its six yearly lines, so the density per box grows tenfold.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SYNTHETIC_SQL = path.resolve(fileURLToPath(new URL('../..', import.meta.url)), '../shared/bench/mapserver/synthetic.sql');

/** Rows of the table at a scale. */
export const syntheticRows = (scale: number): number => 100_000 * scale;

/** synthetic.sql without its psql meta-commands, its VACUUM (not allowed in a multi-statement script) and its final report, at `scale`. */
export function syntheticScript(scale = 1): string {
  const text = readFileSync(SYNTHETIC_SQL, 'utf8');
  const script = text
    .slice(0, text.indexOf('VACUUM ANALYZE bench_lines;'))
    .split('\n')
    .filter((line) => !line.startsWith('\\'))
    .map((line) => line.replace(/\s*\\g \/dev\/null\s*$/, ';'))
    .join('\n');
  if (scale === 1) return script;
  const sites = Math.ceil(syntheticRows(scale) / 6);
  return replaceOnce(replaceOnce(script, 'generate_series(0, 16666)', `generate_series(0, ${sites})`), '< 100000', `< ${syntheticRows(scale)}`);
}

function replaceOnce(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`${SYNTHETIC_SQL} has no "${from}" any more: cannot grow the table`);
  return text.replace(from, to);
}

const TABLE_DDL = `CREATE TABLE bench_lines (id serial PRIMARY KEY, line_year int NOT NULL, prv_code text NOT NULL, geom geometry(MultiLineString, 4326) NOT NULL)`;

/**
 * The table copied from a PostgreSQL database that has it (the MapServer bench's): the same rows,
 * in batches of bound arrays. On PGlite this takes a fraction of running the script, whose window
 * functions and aggregates over every vertex are slow in WebAssembly.
 */
export async function copySyntheticTable(
  target: { exec(sql: string): Promise<void>; query<R>(sql: string, params?: readonly unknown[]): Promise<{ rows: R[] }> },
  sourceUrl: string,
): Promise<number> {
  const { default: pg } = await import('pg');
  const source = new pg.Client({ connectionString: sourceUrl });
  await source.connect();
  let copied = 0;
  try {
    await target.exec(TABLE_DDL);
    for (let last = 0; ; ) {
      const { rows } = await source.query<{ id: number; line_year: number; prv_code: string; geom: string }>(
        'SELECT id, line_year, prv_code, geom::text AS geom FROM bench_lines WHERE id > $1 ORDER BY id LIMIT 20000',
        [last],
      );
      if (rows.length === 0) break;
      await target.query('INSERT INTO bench_lines SELECT i, y, p, g::geometry FROM unnest($1::int[], $2::int[], $3::text[], $4::text[]) AS r(i, y, p, g)', [
        rows.map((r) => r.id),
        rows.map((r) => r.line_year),
        rows.map((r) => r.prv_code),
        rows.map((r) => r.geom),
      ]);
      copied += rows.length;
      last = rows[rows.length - 1]!.id;
    }
    await target.exec(`SELECT setval('bench_lines_id_seq', ${copied + 1}, false)`);
    await target.exec('CREATE INDEX bench_lines_geom_gist ON bench_lines USING gist (geom); CREATE INDEX bench_lines_year_idx ON bench_lines (line_year)');
  } finally {
    await source.end();
  }
  return copied;
}
