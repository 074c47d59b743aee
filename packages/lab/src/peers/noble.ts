/** @noble/hashes: audited pure JavaScript (TypeScript compiled to JS). v2 takes bytes only, so strings are UTF-8 encoded per call. */
import type { AlgorithmName } from 'digestlab';
import { macAlgorithms, type Prepared, type Row } from '../rows.js';
import { BLAKE2_PARAMS, lacks, lazy, utf8 } from './util.js';

type Hash = ((data: Uint8Array) => Uint8Array) & {
  create(): { update(d: Uint8Array): unknown; digest(): Uint8Array };
};

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
  // BLAKE2 at the name's length: blake2b / blake2s with { dkLen }, wrapped by noble's createHasher so hmac() takes it
  const blake2 = (variant: 'b' | 's', dkLen: number) => {
    const base = variant === 'b' ? b2.blake2b : b2.blake2s;
    return utils.createHasher(() => base.create({ dkLen })) as unknown as Hash;
  };
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
    ...Object.fromEntries([...BLAKE2_PARAMS].map(([name, p]) => [name, blake2(p.variant, p.bytes)])),
  };
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
  ...BLAKE2_PARAMS.keys(),
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
