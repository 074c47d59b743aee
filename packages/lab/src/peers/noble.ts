/** @noble/hashes: audited pure JavaScript (TypeScript compiled to JS). v2 takes bytes only, so strings are UTF-8 encoded per call. */
import { type AlgorithmName, algorithms } from 'digestlab';
import { macAlgorithms, type Prepared, type Row } from '../rows.js';
import { lacks, lazy, utf8 } from './util.js';

type Hash = ((data: Uint8Array) => Uint8Array) & {
  create(): { update(d: Uint8Array): unknown; digest(): Uint8Array };
};

/** noble's BLAKE2 takes its output length as `dkLen`, in each call and in `create`. */
type LengthHash = ((data: Uint8Array, opts: { dkLen: number }) => Uint8Array) & {
  create(opts: { dkLen: number }): ReturnType<Hash['create']>;
};

/** `hash` at `dkLen` bytes, as a {@link Hash} (noble's `hmac` calls `create()` without options). */
function atLength(hash: LengthHash, dkLen: number): Hash {
  return Object.assign((data: Uint8Array) => hash(data, { dkLen }), {
    create: () => hash.create({ dkLen }),
    outputLen: dkLen,
    blockLen: (hash as unknown as { blockLen: number }).blockLen,
  });
}

/** BLAKE2b and BLAKE2s at each name's length (the length-free ones at 64 and 32 bytes), unkeyed. */
const BLAKE2 = algorithms().filter((a) => a.family === 'BLAKE2');

const load = lazy(async () => {
  const [sha2, sha3, legacy, utils, mac, b3, b2] = await Promise.all([
    import('@noble/hashes/sha2.js'),
    import('@noble/hashes/sha3.js'),
    import('@noble/hashes/legacy.js'),
    import('@noble/hashes/utils.js'),
    import('@noble/hashes/hmac.js'),
    import('@noble/hashes/blake3.js'),
    import('@noble/hashes/blake2.js'),
  ]);
  const fns: Partial<Record<AlgorithmName, Hash>> = {
    MD5: legacy.md5,
    'SHA-1': legacy.sha1,
    'SHA-224': sha2.sha224,
    'SHA-256': sha2.sha256,
    'SHA-384': sha2.sha384,
    'SHA-512': sha2.sha512,
    'SHA-512/224': sha2.sha512_224,
    'SHA-512/256': sha2.sha512_256,
    'SHA3-224': sha3.sha3_224,
    'SHA3-256': sha3.sha3_256,
    'SHA3-384': sha3.sha3_384,
    'SHA3-512': sha3.sha3_512,
    // noble's default output lengths are digestlab's: 16 and 32 bytes
    SHAKE128: sha3.shake128,
    SHAKE256: sha3.shake256,
    'KECCAK-224': sha3.keccak_224,
    'KECCAK-256': sha3.keccak_256,
    'KECCAK-384': sha3.keccak_384,
    'KECCAK-512': sha3.keccak_512,
    RIPEMD160: legacy.ripemd160,
    'BLAKE3-256': b3.blake3 as unknown as Hash,
  };
  for (const a of BLAKE2) {
    const hash = a.blockLength === 128 ? b2.blake2b : b2.blake2s;
    fns[a.name] = atLength(hash as unknown as LengthHash, a.digestLength);
  }
  return {
    fns,
    bytesToHex: utils.bytesToHex,
    hmac: mac.hmac as unknown as (h: Hash, key: Uint8Array, msg: Uint8Array) => Uint8Array,
  };
});

const ALGORITHMS: readonly AlgorithmName[] = [
  'MD5',
  'SHA-1',
  'SHA-224',
  'SHA-256',
  'SHA-384',
  'SHA-512',
  'SHA-512/224',
  'SHA-512/256',
  'SHA3-224',
  'SHA3-256',
  'SHA3-384',
  'SHA3-512',
  'SHAKE128',
  'SHAKE256',
  'KECCAK-224',
  'KECCAK-256',
  'KECCAK-384',
  'KECCAK-512',
  'RIPEMD160',
  'BLAKE3-256',
  ...BLAKE2.map((a) => a.name),
];

export const noble: Row = {
  id: '@noble/hashes',
  library: '@noble/hashes',
  kind: 'peer',
  implementedIn: 'JavaScript',
  algorithms: ALGORITHMS,
  hmacAlgorithms: macAlgorithms(ALGORITHMS),
  async prepare(algorithm): Promise<Prepared> {
    const { fns, bytesToHex, hmac } = await load();
    const h = fns[algorithm] ?? lacks('@noble/hashes', algorithm);
    return {
      async: false,
      hex: (s) => bytesToHex(h(utf8(s))),
      bytes: (d) => h(d),
      hmac: (key) => (s) => bytesToHex(hmac(h, key, utf8(s))),
      stream: () => {
        const x = h.create();
        return { update: (c) => void x.update(c), finish: () => x.digest() };
      },
    };
  },
};
