// The worker side of a PDF worker (the proposal's, the report's): each request carries an id its
// reply repeats, with the PDF's bytes (moved, not copied) or the error's message.

export type PdfWorkerReply = { id: number; ok: true; bytes?: Uint8Array } | { id: number; ok: false; message: string };

/** Answers this worker's requests with `handle`, one reply per request. */
export function servePdfRequests<Request extends { id: number }>(handle: (request: Request) => Promise<Uint8Array | undefined>): void {
  // the dedicated worker's scope, in the DOM typings this project compiles with
  const scope = self as unknown as {
    onmessage: ((event: MessageEvent<Request>) => void) | null;
    postMessage(message: PdfWorkerReply, transfer?: Transferable[]): void;
  };
  scope.onmessage = async ({ data: request }) => {
    try {
      const bytes = await handle(request);
      scope.postMessage({ id: request.id, ok: true, ...(bytes ? { bytes } : {}) }, bytes ? [bytes.buffer] : []);
    } catch (error) {
      scope.postMessage({ id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) });
    }
  };
}
