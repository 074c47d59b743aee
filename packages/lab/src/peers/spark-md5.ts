/** spark-md5: MD5 over ArrayBuffers. */
import type { Prepared, Row } from '../rows.js';
import { cjs, lacks, lazy } from './util.js';

interface SparkMD5 {
  hash(s: string): string;
  ArrayBuffer: {
    hash(b: ArrayBuffer): string;
    new (): { append(b: ArrayBuffer): unknown; end(): string };
  };
}
const sparkMod = lazy(async () => cjs<SparkMD5>(await import('spark-md5')));

/** spark-md5 takes an ArrayBuffer; our inputs own their buffers, anything else is copied. */
function arrayBufferOf(d: Uint8Array): ArrayBuffer {
  if (d.byteOffset === 0 && d.byteLength === d.buffer.byteLength && d.buffer instanceof ArrayBuffer) return d.buffer;
  return d.slice().buffer;
}

export const sparkMd5Row: Row = {
  id: 'spark-md5',
  library: 'spark-md5',
  kind: 'peer',
  implementedIn: 'JavaScript',
  algorithms: ['MD5'],
  async prepare(algorithm): Promise<Prepared> {
    if (algorithm !== 'MD5') lacks('spark-md5', algorithm);
    const S = await sparkMod();
    return {
      async: false,
      hex: (s) => S.hash(s),
      bytes: (d) => S.ArrayBuffer.hash(arrayBufferOf(d)),
      stream: () => {
        const h = new S.ArrayBuffer();
        return { update: (c) => void h.append(arrayBufferOf(c)), finish: () => h.end() };
      },
    };
  },
};
