/** node-forge: hashes binary strings (one char per byte), converted per call. */
import type { AlgorithmName } from 'digestlab';
import type { Prepared, Row } from '../rows.js';
import { cjs, lacks, lazy } from './util.js';

interface ForgeMd {
  update(msg: string, encoding?: 'utf8' | 'raw'): ForgeMd;
  digest(): { toHex(): string };
}
interface ForgeHmac {
  start(md: string, key: string): void;
  update(bytes: string): void;
  digest(): { toHex(): string };
}
interface Forge {
  md: Record<string, { create(): ForgeMd }>;
  hmac: { create(): ForgeHmac };
  util: { encodeUtf8(s: string): string };
}

/**
 * forge hashes "binary strings" (one char per byte). The conversion is part of what a user pays per call; it is done
 * in 8 KiB pieces because forge's own `binary.raw.encode` spreads the whole array into one call and overflows the
 * stack at 1 MiB.
 */
function binaryString(d: Uint8Array): string {
  let s = '';
  for (let i = 0; i < d.length; i += 8192) {
    s += String.fromCharCode.apply(null, d.subarray(i, i + 8192) as unknown as number[]);
  }
  return s;
}
const FORGE_NAMES: Partial<Record<AlgorithmName, string>> = {
  MD5: 'md5',
  'SHA-1': 'sha1',
  'SHA-256': 'sha256',
  'SHA-384': 'sha384',
  'SHA-512': 'sha512',
  'SHA-512/224': 'sha512/224',
  'SHA-512/256': 'sha512/256',
};
const forgeMod = lazy(async () => cjs<Forge>(await import('node-forge')));

export const forgeRow: Row = {
  id: 'node-forge',
  library: 'node-forge',
  kind: 'peer',
  implementedIn: 'JavaScript',
  note: 'bytes converted to a binary string per call (hmac: the key once, the message per call)',
  algorithms: Object.keys(FORGE_NAMES) as AlgorithmName[],
  hmacAlgorithms: Object.keys(FORGE_NAMES) as AlgorithmName[],
  async prepare(algorithm): Promise<Prepared> {
    const forge = await forgeMod();
    const name = FORGE_NAMES[algorithm] ?? lacks('node-forge', algorithm);
    const md = forge.md[name];
    return {
      async: false,
      hex: (s) => md.create().update(s, 'utf8').digest().toHex(),
      bytes: (d) => md.create().update(binaryString(d)).digest().toHex(),
      hmac: (key) => {
        const k = binaryString(key);
        return (s) => {
          const h = forge.hmac.create();
          h.start(name, k);
          h.update(forge.util.encodeUtf8(s));
          return h.digest().toHex();
        };
      },
      stream: () => {
        const h = md.create();
        return { update: (c) => void h.update(binaryString(c)), finish: () => h.digest().toHex() };
      },
    };
  },
};
