// The page's side of a PDF worker (workerHost.ts): one worker, started on first use, answering
// requests by id. A worker that fails to start or dies rejects what it was asked and is started
// afresh on the next request.
import type { PdfWorkerReply } from './workerHost.ts';

type Pending = { resolve: (bytes: Uint8Array | undefined) => void; reject: (error: Error) => void };
/** A request before its id is given (each kind of the union without `id`). */
type Unnumbered<Request> = Request extends unknown ? Omit<Request, 'id'> : never;

/** `start` makes the worker (`new Worker(new URL(…, import.meta.url))` stays with its caller, where
 *  the bundler finds it). */
export function pdfWorkerClient<Request extends { id: number }>(start: () => Worker): (request: Unnumbered<Request>) => Promise<Uint8Array | undefined> {
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
    const w = start();
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

  return (request) => {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      started().postMessage({ ...request, id });
    });
  };
}
