// The proposal PDF of the answers as they stand, built once per set of answers: the wizard asks
// for it when the last step is complete and the visitor pauses, and 'สร้างรายงาน' then takes the
// same build (issue 29 aim 6: click to preview in 0.8 s or less). The layout runs in the PDF
// worker, so a build ahead never holds up typing; changed answers make a new one.
import type { AppConfig, FormDoc } from '../../engine/types.ts';
import { cleanData, type ProposalData } from './formLogic.ts';
import { parseLatLng } from './geo.ts';
import { minimapFor } from './pdfWarmup.ts';
import { buildPdfInWorker } from './pdfWorker.ts';

let latest: { key: string; bytes: Promise<Uint8Array> } | undefined;

/** The PDF of `data`: the build already made or under way for the same answers, else a new one. */
export function proposalPdfBytes(form: FormDoc, app: AppConfig, data: ProposalData): Promise<Uint8Array> {
  const clean = cleanData(data);
  const key = JSON.stringify([form.id, clean]);
  if (latest?.key === key) return latest.bytes;
  console.info('proposal: laying the PDF out in the worker');
  const bytes = minimapFor(app, parseLatLng(clean.coordinates)).then((minimap) =>
    buildPdfInWorker(form, clean, { ...(typeof clean.mapImage === 'string' ? { map: clean.mapImage } : {}), ...(minimap ? { minimap } : {}) }),
  );
  latest = { key, bytes };
  // a failed build is not kept: the click tries again
  bytes.catch(() => {
    if (latest?.key === key) latest = undefined;
  });
  return bytes;
}
