/** The other pure-JavaScript peers: crypto-js, node-forge, jssha, spark-md5, sha.js. */
import type { AlgorithmName } from 'digestlab';
import { macAlgorithms, type Prepared, type Row } from '../rows.js';
import { cjs, lacks, lazy } from './util.js';

// ---------------------------------------------------------------------------------------------------- crypto-js
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
const cryptoJs = lazy(async () => cjs<CryptoJS>(await import('crypto-js')));

export const cryptoJsRow: Row = {
  id: 'crypto-js',
  library: 'crypto-js',
  kind: 'peer',
  implementedIn: 'JavaScript',
  note: 'bytes converted to a WordArray per call',
  algorithms: Object.keys(CRYPTOJS_NAMES) as AlgorithmName[],
  // its HmacSHA3 takes no output length (always 512 bits): HMAC-Keccak-512 only, which is not worth a special case
  hmacAlgorithms: (Object.keys(CRYPTOJS_NAMES) as AlgorithmName[]).filter((a) => !a.startsWith('KECCAK')),
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

// --------------------------------------------------------------------------------------------------- node-forge
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

// -------------------------------------------------------------------------------------------------------- jssha
interface JsSHA {
  update(m: string | Uint8Array): JsSHA;
  getHash(format: 'HEX', options?: { outputLen: number }): string;
  getHash(format: 'UINT8ARRAY', options?: { outputLen: number }): Uint8Array;
}
type JsSHACtor = new (
  variant: string,
  inputFormat: 'TEXT' | 'UINT8ARRAY',
  options?: { encoding?: 'UTF8'; hmacKey?: { value: Uint8Array; format: 'UINT8ARRAY' } },
) => JsSHA;
/** jsSHA's variant names are ours, SHA-3 and SHAKE included. */
const JSSHA_ALGORITHMS: readonly AlgorithmName[] = [
  'SHA-1',
  'SHA-224',
  'SHA-256',
  'SHA-384',
  'SHA-512',
  'SHA3-224',
  'SHA3-256',
  'SHA3-384',
  'SHA3-512',
  'SHAKE128',
  'SHAKE256',
];
/** SHAKE's output length, in bits for jsSHA: our defaults, 16 and 32 bytes. */
const JSSHA_OUTPUT: Partial<Record<AlgorithmName, { outputLen: number }>> = {
  SHAKE128: { outputLen: 128 },
  SHAKE256: { outputLen: 256 },
};
const jsshaMod = lazy(async () => cjs<JsSHACtor>(await import('jssha')));

export const jsshaRow: Row = {
  id: 'jssha',
  library: 'jssha',
  kind: 'peer',
  implementedIn: 'JavaScript',
  algorithms: JSSHA_ALGORITHMS,
  hmacAlgorithms: macAlgorithms(JSSHA_ALGORITHMS),
  async prepare(algorithm): Promise<Prepared> {
    if (!JSSHA_ALGORITHMS.includes(algorithm)) lacks('jssha', algorithm);
    const JsSHA = await jsshaMod();
    const out = JSSHA_OUTPUT[algorithm];
    return {
      async: false,
      hex: (s) => new JsSHA(algorithm, 'TEXT', { encoding: 'UTF8' }).update(s).getHash('HEX', out),
      hmac: (key) => (s) =>
        new JsSHA(algorithm, 'TEXT', { encoding: 'UTF8', hmacKey: { value: key, format: 'UINT8ARRAY' } })
          .update(s)
          .getHash('HEX'),
      bytes: (d) => new JsSHA(algorithm, 'UINT8ARRAY').update(d).getHash('UINT8ARRAY', out),
      stream: () => {
        const h = new JsSHA(algorithm, 'UINT8ARRAY');
        return { update: (c) => void h.update(c), finish: () => h.getHash('UINT8ARRAY', out) };
      },
    };
  },
};

// ---------------------------------------------------------------------------------------------------- spark-md5
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

// ------------------------------------------------------------------------------------------------------- sha.js
interface ShaJsHash {
  update(m: string | Uint8Array, enc?: 'utf8'): ShaJsHash;
  digest(): Uint8Array;
  digest(enc: 'hex'): string;
}
const SHAJS_NAMES: Partial<Record<AlgorithmName, string>> = {
  // 'sha' in sha.js is SHA-0; SHA-1 is 'sha1'.
  'SHA-1': 'sha1',
  'SHA-224': 'sha224',
  'SHA-256': 'sha256',
  'SHA-384': 'sha384',
  'SHA-512': 'sha512',
};
const shajsMod = lazy(async () => cjs<(algorithm: string) => ShaJsHash>(await import('sha.js')));

export const shajsRow: Row = {
  id: 'sha.js',
  library: 'sha.js',
  kind: 'peer',
  implementedIn: 'JavaScript',
  algorithms: Object.keys(SHAJS_NAMES) as AlgorithmName[],
  async prepare(algorithm): Promise<Prepared> {
    const shajs = await shajsMod();
    const name = SHAJS_NAMES[algorithm] ?? lacks('sha.js', algorithm);
    return {
      async: false,
      hex: (s) => shajs(name).update(s, 'utf8').digest('hex'),
      bytes: (d) => shajs(name).update(d).digest(),
      stream: () => {
        const h = shajs(name);
        return { update: (c) => void h.update(c), finish: () => h.digest() };
      },
    };
  },
};
