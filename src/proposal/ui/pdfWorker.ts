// The wizard's side of the PDF worker (src/proposal/pdf/worker.ts): one worker, started on first
// use, answering requests by id. A worker that fails to start or dies rejects what it was asked
// and is started afresh on the next request.
import type { FormDoc } from '../../engine/types.ts';
import type { ProposalImages } from '../pdf/layout.ts';
import type { PdfWorkerReply, PdfWorkerRequest } from '../pdf/workerProtocol.ts';

type Pending = { resolve: (bytes: Uint8Array | undefined) => void; reject: (error: Error) => void };
/** A request before its id is given (each kind of the union without `id`). */
type Request = PdfWorkerRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

let worker: Worker | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();

function failAll(message: string): void {
  for (const { reject } of pending.values()) reject(new Error(message));
  pending.clear();
  worker?.terminate();
  worker = undefined;
}

function started(): Worker {
  if (worker) return worker;
  const w = new Worker(new URL('../pdf/worker.ts', import.meta.url), { type: 'module', name: 'proposal-pdf' });
  w.onmessage = ({ data: reply }: MessageEvent<PdfWorkerReply>) => {
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if (reply.ok) waiting?.resolve(reply.bytes);
    else waiting?.reject(new Error(reply.message));
  };
  w.onerror = (event) => failAll(`the PDF worker stopped: ${event.message || 'it could not be loaded'}`);
  worker = w;
  return w;
}

function ask(request: Request): Promise<Uint8Array | undefined> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    started().postMessage({ ...request, id });
  });
}

/** Loads the PDF fonts and sets pdfmake up in the worker, ahead of the first build. */
export async function preparePdfWorker(): Promise<void> {
  await ask({ kind: 'prepare' });
}

/** The proposal PDF's bytes, laid out in the worker. */
export async function buildPdfInWorker(form: FormDoc, data: Record<string, unknown>, images: ProposalImages): Promise<Uint8Array> {
  const bytes = await ask({ kind: 'build', form, data, images });
  if (!bytes) throw new Error('the PDF worker answered no PDF');
  return bytes;
}
