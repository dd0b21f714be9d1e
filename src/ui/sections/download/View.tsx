// `download` section (SPEC.md §3 Download flags, §7 download row, §8 Download failure): a button,
// enabled only while its toggle row holds a non-empty result (the download flag), that asks the
// router for the result as a shape-zip and saves it as erosion.zip / accretion.zip.
// Toasts: 'กำลังดาวน์โหลด...' while it runs; 'ดาวน์โหลดเสร็จสมบูรณ์' (closing after
// app.delays.toastCloseMs, 3 s); a non-OK answer 'เกิดข้อผิดพลาดในการดาวน์โหลดไฟล์'; any other
// failure its message, or 'ดาวน์โหลดไม่สำเร็จ' when it has none.
// A router download (issue 26) is named after the area its request names (`labelBy`: a district's
// 'ดาวน์โหลดรายงานอำเภอ') and waits, with its hint, for the parameters its page needs (`needs`).
import { useId, useState } from 'react';
import type { AppConfig } from '../../../engine/types.ts';
import { interpolate } from '../../../engine/template.ts';
import { th } from '../../../locale/th.ts';
import { errorText } from '../../../locale/errorText.ts';
import { useConfig } from '../../../state/config.tsx';
import { toast as appToast, type ToastKind } from '../../../state/toast.ts';
import { useRowResult, type RowResult } from '../../topic/rowResults.ts';
import type { SectionProps } from '../../../sections/definitions.ts';
import type { DownloadSection } from '../../../sections/download/definition.ts';
import '../../charts/charts.css';

type DownloadFile = DownloadSection['file'];

/** The router download URL (SPEC.md §7): page=download&mode=changecoastline&outputFormat=shape-zip
 *  with the layer's typeName and viewparams and format_options naming the file and UTF-8. */
export function downloadUrl(routerUrl: string, result: Pick<RowResult, 'typeName' | 'viewparams'>, file: DownloadFile, mode = 'changecoastline'): string {
  const params = new URLSearchParams({
    page: 'download',
    mode,
    outputFormat: 'shape-zip',
    typeName: result.typeName,
    ...(result.viewparams ? { viewparams: result.viewparams } : {}),
    format_options: `filename:${file};charset:UTF-8`,
  });
  return `${routerUrl}?${params.toString()}`;
}

/** A router page's own download (issue 14): the row's request parameters (area, period) with
 *  the section's page, mode and outputFormat. */
export function routerDownloadUrl(routerUrl: string, params: Readonly<Record<string, string>>, router: NonNullable<DownloadSection['router']>): string {
  const query = new URLSearchParams({ ...params, page: router.page, mode: router.mode, outputFormat: router.outputFormat });
  return `${routerUrl}?${query.toString()}`;
}

/** The download flag: the row has a result with features and what a download needs (its
 *  typeName and viewparams, or for a router download its request parameters). */
export function canDownload(result: Pick<RowResult, 'features' | 'typeName' | 'viewparams' | 'params'> | undefined, router = false): boolean {
  if (!result || result.features.features.length === 0) return false;
  return router ? !!result.params : !!result.typeName && !!result.viewparams;
}

/** The request parameters of `needs` that the row's request lacks (none: it can be downloaded). */
export function missingParams(params: Readonly<Record<string, string>> | undefined, needs: DownloadSection['needs']): string[] {
  return (needs?.params ?? []).filter((key) => !params?.[key]);
}

/** The label of the first `labelBy` entry whose parameter the row's request has, else `fallback`. */
export function areaLabel(params: Readonly<Record<string, string>> | undefined, labelBy: DownloadSection['labelBy'], fallback: string): string {
  return labelBy?.find((l) => !!params?.[l.param])?.label ?? fallback;
}

/** What the download needs from outside, so that the flow can be tested without a browser. */
export interface DownloadDeps {
  fetch: (url: string, init: { signal: AbortSignal }) => Promise<Pick<Response, 'ok' | 'blob'>>;
  save: (blob: Blob, file: string) => void;
  toast: {
    loading(text: string): number;
    update(id: number, kind: ToastKind, text: string): void;
  };
  timeoutMs: number;
}

/** Thrown for a non-OK answer: its message is the Thai text of SPEC.md §8. */
class DownloadHttpError extends Error {}

/** The text of a failed download (SPEC.md §8), with what to do next and the browser's own
 *  English ('Failed to fetch') said in Thai (issue 24). */
export function downloadErrorText(error: unknown): string {
  if (error instanceof DownloadHttpError) return `${th.toast.downloadError} ${th.failures.tryAgain}`;
  const text = errorText(error);
  return text ? `${th.toast.downloadFailed}: ${text}` : `${th.toast.downloadFailed} ${th.failures.tryAgain}`;
}

/** Fetches `url` and saves it as `file`, with the progress, success and failure toasts.
 *  Resolves true when the file was saved. */
export async function runDownload(url: string, file: string, deps: DownloadDeps): Promise<boolean> {
  const id = deps.toast.loading(th.toast.downloading);
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(new Error(`${th.toast.downloadTimeout(Math.round(deps.timeoutMs / 1000))} ${th.failures.tryAgain}`)), deps.timeoutMs);
  try {
    const res = await deps.fetch(url, { signal: abort.signal });
    if (!res.ok) throw new DownloadHttpError(th.toast.downloadError);
    const blob = await res.blob();
    if (blob.size === 0) throw new DownloadHttpError(th.toast.downloadError);
    deps.save(blob, file);
    deps.toast.update(id, 'success', th.toast.downloadDone);
    return true;
  } catch (error) {
    console.error('download failed:', error);
    deps.toast.update(id, 'error', downloadErrorText(abort.signal.aborted ? abort.signal.reason : error));
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Saves a blob through a temporary object URL and an <a download>. */
function saveBlob(blob: Blob, file: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = file;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

function browserDeps(app: AppConfig): DownloadDeps {
  return {
    fetch: (url, init) => fetch(url, init),
    save: saveBlob,
    toast: appToast,
    timeoutMs: app.backend.timeoutMs,
  };
}

export function DownloadView({ section }: SectionProps<'download'>) {
  const { app } = useConfig();
  const result = useRowResult(section.from);
  const [busy, setBusy] = useState(false);
  const ready = canDownload(result, !!section.router);
  // the hint shows once the row has a result the page could download but for these parameters
  const waiting = ready && missingParams(result?.params, section.needs).length > 0;
  const enabled = ready && !waiting && !busy;
  const label = areaLabel(result?.params, section.labelBy, section.label ?? `ดาวน์โหลด ${section.file}`);
  const hintId = useId();

  const onClick = async () => {
    if (!result || !enabled) return;
    setBusy(true);
    const router = interpolate(app.backend.router, { product: app.product });
    const url = section.router ? routerDownloadUrl(router, result.params ?? {}, section.router) : downloadUrl(router, result, section.file);
    try {
      await runDownload(url, section.file, browserDeps(app));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="download-section">
      <button type="button" className="primary" disabled={!enabled} aria-busy={busy} data-file={section.file} onClick={() => void onClick()} {...(waiting ? { 'aria-describedby': hintId } : {})}>
        <svg aria-hidden width="18" height="18" viewBox="0 0 24 24">
          <path d="M12 3v12m0 0l-5-5m5 5l5-5M4 19h16" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" />
        </svg>
        {label}
      </button>
      {waiting && section.needs && (
        <p className="download-hint" id={hintId}>
          {section.needs.hint}
        </p>
      )}
    </div>
  );
}
