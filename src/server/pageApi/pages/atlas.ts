// page=atlas&mode=pdf (issue 26 item 2): the province atlas of the area a request names, as the
// sidebar's download asks for it (the same parameters as page=transects): code_b_s (a beach
// system), else ap (a district), else pv (a province); start and end (optional: config
// atlas.period). Answers application/pdf, or a JSON error.
import type { AtlasAreaKind } from '../../../engine/atlasTypes.ts';
import { pageModes, sendAttachment, type RouterContext } from '../context.ts';
import { bad, RouterError } from '../params.ts';

function areaOf(ctx: RouterContext): { kind: AtlasAreaKind; code: string } {
  const beach = ctx.params.beachCode('code_b_s');
  if (beach) return { kind: 'beach-system', code: beach };
  if (ctx.params.beachCode('code_b_m') || ctx.params.beachCode('code_b_c')) throw bad('choose a beach system (code_b_s)');
  const ap = ctx.params.code('ap', 4);
  if (ap) return { kind: 'district', code: ap };
  const pv = ctx.params.codeList('pv', 2);
  if (pv?.length === 1) return { kind: 'province', code: pv[0]! };
  throw bad('give one area: pv (one province), ap or code_b_s');
}

function periodOf(ctx: RouterContext): { start: number; end: number } | undefined {
  const start = ctx.params.year('start', false);
  const end = ctx.params.year('end', false);
  if (start === undefined && end === undefined) return undefined;
  if (start === undefined || end === undefined || start >= end) throw bad('give start before end, or neither');
  return { start, end };
}

export const atlas = pageModes({
  async pdf(ctx) {
    const settings = ctx.atlas;
    if (!settings) throw new RouterError(404, 'the atlas is not configured (config/atlas.yaml)');
    ctx.params.oneOf('outputFormat', ['pdf']);
    const area = areaOf(ctx);
    const period = periodOf(ctx);
    // Loaded on the first atlas asked for: its PDF and chart packages (pdfmake, vega) took 0.6 s
    // of every start's module loading, on the main thread the database's open also needs.
    const { buildAtlasPdf } = await import('../../atlas/index.ts');
    const pdf = await buildAtlasPdf(settings.db, settings.config, { ...area, ...(period ? { period } : {}), origin: settings.origin(ctx.exchange.req) });
    if (!pdf) throw new RouterError(404, 'no such area with a coast');
    sendAttachment(ctx, pdf.bytes, 'application/pdf', `atlas-${area.code}.pdf`);
  },
});
