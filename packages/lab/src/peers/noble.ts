/** @noble/hashes: audited pure JavaScript (TypeScript compiled to JS). v2 takes bytes only, so strings are UTF-8 encoded per call. */
import type { AlgorithmName } from 'digestlab';
import type { Prepared, Row } from '../rows.js';
import { lacks, lazy, utf8 } from './util.js';

type Hash = ((data: Uint8Array) => Uint8Array) & {
  create(): { update(d: Uint8Array): unknown; digest(): Uint8Array };
};

const load = lazy(async () => {
  const [sha2, legacy, utils, mac] = await Promise.all([
    import('@noble/hashes/sha2.js'),
    import('@noble/hashes/legacy.js'),
    import('@noble/hashes/utils.js'),
    import('@noble/hashes/hmac.js'),
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
];

export const noble: Row = {
  id: '@noble/hashes',
  library: '@noble/hashes',
  kind: 'peer',
  implementedIn: 'JavaScript',
  algorithms: ALGORITHMS,
  hmacAlgorithms: ALGORITHMS,
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
