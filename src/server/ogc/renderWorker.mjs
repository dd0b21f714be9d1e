// Entry of a render worker thread: worker threads do not inherit the TypeScript loader of the
// main thread (tsx or vitest), so register tsx here, then load the worker.
import { register } from 'tsx/esm/api';

register();
await import('./renderWorker.ts');
