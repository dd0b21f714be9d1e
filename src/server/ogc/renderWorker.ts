// A render worker thread (see renderPool.ts): receives RenderJobs, answers the image bytes (PNG or JPEG).
import { parentPort } from 'node:worker_threads';
import { ensureFonts } from './render/fonts.ts';
import { runRenderJob, type RenderJob } from './renderJob.ts';

const port = parentPort;
if (!port) throw new Error('renderWorker.ts runs as a worker thread');

port.on('message', (message: { id: number; job: RenderJob }) => {
  runRenderJob(message.job).then(
    (image) => {
      const bytes = new Uint8Array(image.buffer, image.byteOffset, image.byteLength).slice();
      port.postMessage({ id: message.id, image: bytes }, [bytes.buffer]);
    },
    (error: unknown) => port.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
// Ready once it can draw: the canvas binding loaded and the label fonts registered (~0.2 s), so
// that a pool warmed after the server starts (RenderPool.warm) leaves no start to a first map.
ensureFonts();
port.postMessage({ ready: true });
