import { PNG } from 'pngjs';
import { readFileSync, writeFileSync } from 'node:fs';
const [src, out, x, y, w, h] = process.argv.slice(2);
const img = PNG.sync.read(readFileSync(src!));
const o = new PNG({ width: +w!, height: +h! });
PNG.bitblt(img, o, +x!, +y!, +w!, +h!, 0, 0);
writeFileSync(out!, PNG.sync.write(o));
