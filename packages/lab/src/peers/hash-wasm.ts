/**
 * hash-wasm: C compiled to WebAssembly. Its hashers are created asynchronously (createSHA256() etc.), so the row
 * creates one hasher per algorithm before anything is checked or timed and calls `init()` on it for every hash:
 * each iteration is still a complete, independent digest. (Its top-level `sha256(data)` is async and does the
 * same internally, behind a lock.) Its HMAC is keyed asynchronously too (`createHMAC(hasher, key)`): the hmac
 * workload keys once and calls `init()` per MAC, which hashes the keyed inner block again (and the outer one in
 * `digest()`): per call the same compressions as keying anew, less the key's XOR with the pads.
 */
import type { AlgorithmName } from 'digestlab';
import { macAlgorithms, type Prepared, type Row } from '../rows.js';
import { BLAKE2_PARAMS, cjs, lacks, lazy } from './util.js';

interface Hasher {
  init(): Hasher;
  update(data: Uint8Array | string): Hasher;
  digest(outputType: 'hex'): string;
  digest(outputType: 'binary'): Uint8Array;
}
type Create = () => Promise<Hasher>;

/** hash-wasm's module as this row calls it: most creators take nothing; these a size or a polynomial. */
type HashWasm = Record<string, Create> & { createHMAC: CreateHmac } & Record<
    'createSHA3' | 'createKeccak' | 'createBLAKE3' | 'createBLAKE2b' | 'createBLAKE2s',
    (bits: number) => Promise<Hasher>
  > & {
    createCRC32(polynomial?: number): Promise<Hasher>;
    createCRC64(polynomial?: string): Promise<Hasher>;
  };

const load = lazy(async () => {
  const hw = cjs<HashWasm>(await import('hash-wasm'));
  const creators: Partial<Record<AlgorithmName, Create>> = {
    MD5: hw.createMD5,
    'SHA-1': hw.createSHA1,
    'SHA-224': hw.createSHA224,
    'SHA-256': hw.createSHA256,
    'SHA-384': hw.createSHA384,
    'SHA-512': hw.createSHA512,
    'SHA3-224': () => hw.createSHA3(224),
    'SHA3-256': () => hw.createSHA3(256),
    'SHA3-384': () => hw.createSHA3(384),
    'SHA3-512': () => hw.createSHA3(512),
    'KECCAK-224': () => hw.createKeccak(224),
    'KECCAK-256': () => hw.createKeccak(256),
    'KECCAK-384': () => hw.createKeccak(384),
    'KECCAK-512': () => hw.createKeccak(512),
    MD4: hw.createMD4,
    RIPEMD160: hw.createRIPEMD160,
    // 256 bits of output: BLAKE3's default, unkeyed
    'BLAKE3-256': () => hw.createBLAKE3(256),
    SM3: hw.createSM3,
    WHIRLPOOL: hw.createWhirlpool,
    // xxHash unseeded (seed 0), big-endian hex and bytes as ours
    XXH32: hw.createXXHash32,
    XXH64: hw.createXXHash64,
    'XXH3-64': hw.createXXHash3,
    'XXH3-128': hw.createXXHash128,
    // the CRCs by their reflected polynomials (hash-wasm's CRC-64 default is ECMA-182's, CRC-64/XZ), and Adler-32
    'CRC-32': () => hw.createCRC32(),
    'CRC-32C': () => hw.createCRC32(0x82f63b78),
    'CRC-64/XZ': () => hw.createCRC64(),
    'CRC-64/NVME': () => hw.createCRC64('9a6c9329ac4bc9b5'),
    ADLER32: hw.createAdler32,
    // BLAKE2 at the name's length in bits, unkeyed
    ...Object.fromEntries(
      [...BLAKE2_PARAMS].map(([name, p]) => [
        name,
        () => (p.variant === 'b' ? hw.createBLAKE2b : hw.createBLAKE2s)(8 * p.bytes),
      ]),
    ),
  };
  return { creators, createHMAC: hw.createHMAC };
});

type CreateHmac = (hasher: Promise<Hasher>, key: Uint8Array) => Promise<Hasher>;

const ALGORITHMS: readonly AlgorithmName[] = [
  'MD5',
  'SHA-1',
  'SHA-224',
  'SHA-256',
  'SHA-384',
  'SHA-512',
  'SHA3-224',
  'SHA3-256',
  'SHA3-384',
  'SHA3-512',
  'KECCAK-224',
  'KECCAK-256',
  'KECCAK-384',
  'KECCAK-512',
  'MD4',
  'RIPEMD160',
  'BLAKE3-256',
  'SM3',
  'WHIRLPOOL',
  ...BLAKE2_PARAMS.keys(),
  'XXH32',
  'XXH64',
  'XXH3-64',
  'XXH3-128',
  'CRC-32',
  'CRC-32C',
  'CRC-64/XZ',
  'CRC-64/NVME',
  'ADLER32',
];

export const hashWasm: Row = {
  id: 'hash-wasm',
  library: 'hash-wasm',
  kind: 'peer',
  implementedIn: 'WebAssembly',
  note: 'reuses hasher, init() per call (hmac: createHMAC once per key, init() per call)',
  algorithms: ALGORITHMS,
  // not over BLAKE3, which has its own keyed mode (the registry's `hmac`)
  hmacAlgorithms: macAlgorithms(ALGORITHMS),
  async prepare(algorithm): Promise<Prepared> {
    const { creators, createHMAC } = await load();
    const create = creators[algorithm] ?? lacks('hash-wasm', algorithm);
    const h = await create();
    return {
      async: false,
      hex: (s) => h.init().update(s).digest('hex'),
      bytes: (d) => h.init().update(d).digest('binary'),
      hmac: async (key) => {
        const mac = await createHMAC(create(), key);
        return (s) => mac.init().update(s).digest('hex');
      },
      // A hasher of its own, so the long-lived stream never shares state with the one-shot calls.
      stream: async () => {
        const x = (await create()).init();
        return { update: (c) => void x.update(c), finish: () => x.digest('binary') };
      },
    };
  },
};
