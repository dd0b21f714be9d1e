// Global setup of the `e2e` vitest project: what every browser test file needs, made once before
// its workers start. Two files run at a time, and two Vite builds writing dist/ at once would leave
// a broken client (the sample database has a build lock of its own; the client build has none).
import { fileURLToPath } from 'node:url';
import { ensureClientBuilt } from '../../src/server/build-if-needed.ts';
import { prebuildSampleDatabase } from '../../src/server/db/ensure.ts';

export default async function setup(): Promise<void> {
  await ensureClientBuilt(fileURLToPath(new URL('../..', import.meta.url)));
  await prebuildSampleDatabase((message) => console.log(message));
}
