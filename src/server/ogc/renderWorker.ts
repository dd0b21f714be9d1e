// A render worker thread (see renderPool.ts): receives RenderJobs, answers PNG bytes.
import { parentPort } from 'node:worker_threads';
import { runRenderJob, type RenderJob } from './renderJob.ts';

const port = parentPort;
if (!port) throw new Error('renderWorker.ts runs as a worker thread');

port.on('message', (message: { id: number; job: RenderJob }) => {
  runRenderJob(message.job).then(
    (png) => {
      const bytes = new Uint8Array(png.buffer, png.byteOffset, png.byteLength).slice();
      port.postMessage({ id: message.id, png: bytes }, [bytes.buffer]);
    },
    (error: unknown) => port.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
port.postMessage({ ready: true });
