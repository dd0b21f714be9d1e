// The proposal PDF of the answers as they stand, built once per set of answers: the wizard asks
// for it when the last step is complete and the visitor pauses, and 'สร้างรายงาน' then takes the
// same build (issue 29 aim 6: click to preview in 0.8 s or less). The layout runs in the PDF
// worker, so a build ahead never holds up typing; changed answers make a new one.
import type { AppConfig, FormDoc } from '../../engine/types.ts';
import { cleanData, type ProposalData } from './formLogic.ts';
import { parseLatLng } from './geo.ts';
import { minimapFor } from './pdfWarmup.ts';
import { buildPdfInWorker } from './pdfWorker.ts';

/** A PDF made, and how long making it took (the minimap and the layout: what the preview names). */
interface BuiltPdf {
  bytes: Uint8Array;
  ms: number;
}

let latest: { key: string; built: Promise<BuiltPdf> } | undefined;

/** The PDF of `data`: the build already made or under way for the same answers, else a new one. */
export function proposalPdf(form: FormDoc, app: AppConfig, data: ProposalData): Promise<BuiltPdf> {
  const clean = cleanData(data);
  const key = JSON.stringify([form.id, clean]);
  if (latest?.key === key) return latest.built;
  console.info('proposal: laying the PDF out in the worker');
  const started = performance.now();
  const built = minimapFor(app, parseLatLng(clean.coordinates))
    .then((minimap) => buildPdfInWorker(form, clean, { ...(typeof clean.mapImage === 'string' ? { map: clean.mapImage } : {}), ...(minimap ? { minimap } : {}) }))
    .then((bytes) => ({ bytes, ms: performance.now() - started }));
  latest = { key, built };
  // a failed build is not kept: the click tries again
  built.catch(() => {
    if (latest?.key === key) latest = undefined;
  });
  return built;
}
