import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { isCompressible } from './contentTypes.ts';

const gzipAsync = promisify(gzip);

/**
 * A response body held in memory with everything needed to serve it repeatedly:
 * a strong ETag (content hash), its caching policy, and a gzip variant computed
 * once, on the first request that accepts it.
 */
export class CachedBody {
  readonly etag: string;
  readonly compressible: boolean;
  private gzipResult: Promise<Buffer | null> | undefined;

  constructor(
    readonly raw: Buffer,
    readonly contentType: string,
    readonly cacheControl: string,
  ) {
    this.etag = `"${createHash('sha256').update(raw).digest('base64url').slice(0, 27)}"`;
    this.compressible = isCompressible(contentType);
  }

  /** The gzip variant is a different representation, so it gets its own strong ETag. */
  get gzipEtag(): string {
    return `${this.etag.slice(0, -1)}-gz"`;
  }

  /** Gzipped bytes, or null when the type is not compressible or gzip would not be smaller. */
  gzipped(): Promise<Buffer | null> {
    this.gzipResult ??= this.compressible
      ? gzipAsync(this.raw, { level: 9 }).then((zipped) => (zipped.length < this.raw.length ? zipped : null))
      : Promise.resolve(null);
    return this.gzipResult;
  }
}
