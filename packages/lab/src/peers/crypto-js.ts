/** crypto-js: bytes converted to its WordArray per call; its SHA3 is Keccak as submitted (the KECCAK rows). */
import type { AlgorithmName } from 'digestlab';
import { macAlgorithms, type Prepared, type Row } from '../rows.js';
import { cjs, lacks, lazy } from './util.js';

interface WordArray {
  toString(encoder?: unknown): string;
}
interface CryptoJSHasher {
  update(m: WordArray | string): CryptoJSHasher;
  finalize(): WordArray;
}
interface CryptoJS {
  lib: { WordArray: { create(u8: Uint8Array): WordArray } };
  enc: { Hex: unknown };
  algo: Record<string, { create(cfg?: { outputLength: number }): CryptoJSHasher }>;
  /** The one-shot functions: `SHA256(message)`, `HmacSHA256(message, key)` and the like. */
  [fn: string]: unknown;
}
const CRYPTOJS_NAMES: Partial<Record<AlgorithmName, string>> = {
  MD5: 'MD5',
  'SHA-1': 'SHA1',
  'SHA-224': 'SHA224',
  'SHA-256': 'SHA256',
  'SHA-384': 'SHA384',
  'SHA-512': 'SHA512',
  // crypto-js's SHA3 is Keccak with its original padding (it predates FIPS 202): the KECCAK rows, not SHA3-nnn
  'KECCAK-224': 'SHA3',
  'KECCAK-256': 'SHA3',
  'KECCAK-384': 'SHA3',
  'KECCAK-512': 'SHA3',
};
/** Options for crypto-js's SHA3 (its output length in bits; default 512). */
const CRYPTOJS_OPTIONS: Partial<Record<AlgorithmName, { outputLength: number }>> = {
  'KECCAK-224': { outputLength: 224 },
  'KECCAK-256': { outputLength: 256 },
  'KECCAK-384': { outputLength: 384 },
  'KECCAK-512': { outputLength: 512 },
};
const ALGORITHMS = Object.keys(CRYPTOJS_NAMES) as AlgorithmName[];
const cryptoJs = lazy(async () => cjs<CryptoJS>(await import('crypto-js')));

export const cryptoJsRow: Row = {
  id: 'crypto-js',
  library: 'crypto-js',
  kind: 'peer',
  implementedIn: 'JavaScript',
  note: 'bytes converted to a WordArray per call',
  algorithms: ALGORITHMS,
  // its Hmac functions take no options, so none of the algorithms that need one (its SHA3 at an output length:
  // HmacSHA3 is always Keccak-512, which is not worth a special case)
  hmacAlgorithms: macAlgorithms(ALGORITHMS).filter((a) => CRYPTOJS_OPTIONS[a] === undefined),
  async prepare(algorithm): Promise<Prepared> {
    const C = await cryptoJs();
    const name = CRYPTOJS_NAMES[algorithm] ?? lacks('crypto-js', algorithm);
    const f = C[name] as (m: WordArray | string, cfg?: { outputLength: number }) => WordArray;
    const cfg = CRYPTOJS_OPTIONS[algorithm];
    const algo = C.algo[name];
    const hexEnc = C.enc.Hex;
    const mac = C[`Hmac${name}`] as (m: WordArray | string, key: WordArray) => WordArray;
    return {
      async: false,
      hex: (s) => f(s, cfg).toString(hexEnc),
      bytes: (d) => f(C.lib.WordArray.create(d), cfg).toString(hexEnc),
      // the key as a WordArray once, as a user converts a key they keep; crypto-js keys anew in every call
      hmac: (key) => {
        const k = C.lib.WordArray.create(key);
        return (s) => mac(s, k).toString(hexEnc);
      },
      stream: () => {
        const h = algo.create(cfg);
        return {
          update: (c) => void h.update(C.lib.WordArray.create(c)),
          finish: () => h.finalize().toString(hexEnc),
        };
      },
    };
  },
};
