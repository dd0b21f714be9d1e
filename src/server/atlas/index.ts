// The province atlas (issue 26): the A4 pages of one province, district or beach system, built
// on the server from the database and the config (config/atlas.yaml lists each kind's sections
// in order; sections/ draws them), through the shared Thai PDF pipeline (src/pdf/render.ts).
import type { AtlasAreaKind } from '../../engine/atlasTypes.ts';
import { thaiDate } from '../../engine/thaiDate.ts';
import { renderAtlasPdf } from './renderAtlasPdf.ts';
import type { Database } from '../db/types.ts';
import type { Period } from '../transects/query.ts';
import { resolveArea, type AtlasArea } from './areas.ts';
import { FONT, MARGIN, fill, text, type AtlasConfig, type AtlasContext, type Node } from './context.ts';
import { isSampleData, monitoringYears, resolvePeriod, trendStats } from './data.ts';
import { permalink } from './permalink.ts';
import { drawSection } from './sections/index.ts';

export type { AtlasConfig } from './context.ts';
export { coastalProvinces, resolveArea, type AtlasArea } from './areas.ts';

export interface AtlasRequest {
  kind: AtlasAreaKind;
  code: string;
  /** The period; default config atlas.period. */
  period?: Period;
  /** The site's origin for the permalink (config link.origin wins). */
  origin: string;
  now?: Date;
}

export interface AtlasPdf {
  bytes: Uint8Array;
  area: AtlasArea;
  period: Period;
  title: string;
  link: string;
  /** The area's figures (the folder's index lists them). */
  summary: { transects: number; meanRate: number | null };
}

export class AtlasError extends Error {}

/** The period asked for, or config atlas.period over the monitoring years. */
export async function atlasPeriod(db: Database, config: AtlasConfig, asked?: Period): Promise<Period> {
  if (asked) return asked;
  const period = resolvePeriod(config.atlas.period, await monitoringYears(db));
  if (!period) throw new AtlasError('no monitoring years in the database');
  return period;
}

function header(ctx: AtlasContext, title: string, date: string): Node[] {
  const t = ctx.config.atlas.texts;
  return [
    { canvas: [{ type: 'rect', x: 0, y: 0, w: 523.28, h: 40, r: 4, color: '#0B4F8A' }] },
    text(t.product, { color: '#FFFFFF', bold: true, fontSize: 13, margin: [12, -33, 0, 14] }),
    ...(ctx.sample ? [text(t.sample, { fontSize: 8, color: '#FFE9A8', bold: true, alignment: 'right', margin: [160, -30, 12, 16] })] : []),
    text(title, { bold: true, fontSize: 20, margin: [0, 4, 0, 0] }),
    text(`${t.kinds[ctx.area.kind]} ${ctx.area.name}${ctx.area.kind === 'province' ? '' : ` · ${t.kinds.province}${ctx.area.province.name}`} · ${fill(t.generated, { date })}`, { fontSize: 10, color: '#444444', margin: [0, 0, 0, 4] }),
  ];
}

interface PageNode {
  headlineLevel?: number;
  startPosition: { top: number };
}

/** The atlas of one area, or null when there is no such area with a coast. */
export async function buildAtlasPdf(db: Database, config: AtlasConfig, r: AtlasRequest): Promise<AtlasPdf | null> {
  const area = await resolveArea(db, r.kind, r.code);
  if (!area) return null;
  const period = await atlasPeriod(db, config, r.period);
  const kind = config.atlas.kinds[r.kind];
  const [stats, sample] = await Promise.all([trendStats(db, area, period), isSampleData(db)]);
  const link = permalink(
    { origin: config.atlas.link.origin ?? r.origin, basePath: config.bundle.app.basePath, route: config.atlas.link.route, variant: kind.variant },
    area,
    period,
  );
  const ctx: AtlasContext = { db, config, area, period, stats, sample, link };
  const title = fill(kind.title, { name: area.name });
  // Drawn one after another: PGlite answers one query at a time anyway.
  const body: Node[] = [];
  for (const section of kind.sections) body.push(...(await drawSection(section, ctx)));
  const pageText = config.atlas.texts.page;
  const definition = {
    pageSize: 'A4',
    pageMargins: [MARGIN, MARGIN, MARGIN, MARGIN + 8],
    info: { title, subject: config.atlas.texts.product, creator: 'TCS atlas' },
    defaultStyle: { font: FONT, fontSize: 11, lineHeight: 1.15 },
    // A heading with nothing under it on its page starts the next page (the footer is among the
    // "following" nodes, above it: only nodes below the heading count).
    pageBreakBefore: (node: PageNode, nodes: { getFollowingNodesOnPage(): PageNode[] }) =>
      node.headlineLevel === 1 && !nodes.getFollowingNodesOnPage().some((n) => n.startPosition.top > node.startPosition.top),
    footer: (n: number, of: number) => ({ text: fill(pageText, { n, of }), alignment: 'center', fontSize: 9, color: '#666666', margin: [0, 8, 0, 0] }),
    content: [...header(ctx, title, thaiDate(r.now ?? new Date())), ...body],
  };
  return { bytes: await renderAtlasPdf(definition), area, period, title, link, summary: { transects: stats.rows.length, meanRate: stats.mean?.rate ?? null } };
}
