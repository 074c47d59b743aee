/**
 * emn178's js-sha256, js-sha1, js-sha512, js-md5, js-md2, js-sha3: pure JavaScript, except where a top-level function
 * delegates to node:crypto under Node.
 *
 * What each package does under Node (read from their sources in node_modules, versions as installed):
 * - js-md5 0.9 and js-sha1 0.7: the top-level `md5(msg)` / `sha1(msg)` is `nodeWrap`ped: it calls
 *   `crypto.createHash` for strings and byte arrays. `.hex()`, `.arrayBuffer()` and `.create().update()` stay
 *   pure JavaScript, so the main rows use those.
 * - js-sha256 1.0: Node's `import` condition resolves to `src/node.mjs`, where every method (`.hex()` and
 *   `.create()` included) is node:crypto. Its pure code is the environment-independent build the package exports
 *   as `js-sha256/build/sha256.cjs` (the same core the browser entry uses), so the main row loads that.
 * - js-sha512 0.9, js-md2 0.2 and js-sha3 0.13: no node:crypto path at all.
 * The `…:toplevel` rows time the top-level call the way most benchmarks do; under Node they are labelled OpenSSL,
 * because that is what they measure.
 */
import type { AlgorithmName } from 'digestlab';
import type { Output, Prepared, Row } from '../rows.js';
import { macAlgorithms, underNode } from '../rows.js';
import { cjs, defaultOutputBits, lacks, lazy } from './util.js';

type Msg = string | Uint8Array | ArrayBuffer;
interface Hasher {
  update(m: Msg): Hasher;
  hex(): string;
  arrayBuffer(): ArrayBuffer;
}
interface Method {
  (m: Msg): string;
  hex(m: Msg): string;
  arrayBuffer(m: Msg): ArrayBuffer;
  create(): Hasher;
  /** HMAC, pure JavaScript in every package here (never node:crypto): `hmac.hex(key, message)`. */
  hmac: { hex(key: Msg, m: Msg): string };
}

/**
 * A row over emn178 methods, called through their pure entry points (`.hex`, `.arrayBuffer`, `.create`, and
 * `.hmac` unless `hmac` is false: js-sha3 has none).
 */
function pureRow(
  id: string,
  algorithms: readonly AlgorithmName[],
  methods: () => Promise<Partial<Record<AlgorithmName, Method>>>,
  note?: string,
  hmac = true,
): Row {
  return {
    id,
    library: id,
    kind: 'peer',
    implementedIn: 'JavaScript',
    ...(note ? { note } : {}),
    algorithms,
    hmacAlgorithms: hmac ? macAlgorithms(algorithms) : [],
    async prepare(algorithm): Promise<Prepared> {
      const m = (await methods())[algorithm] ?? lacks(id, algorithm);
      return {
        async: false,
        hex: (s) => m.hex(s),
        bytes: (d): Output => m.arrayBuffer(d),
        hmac: (key) => (s) => m.hmac.hex(key, s),
        stream: () => {
          const h = m.create();
          return { update: (c) => void h.update(c), finish: () => h.arrayBuffer() };
        },
      };
    },
  };
}

/** The top-level function, as most code (and most benchmarks) call it. */
function topLevelRow(library: string, algorithm: AlgorithmName, load: () => Promise<Method>, nodePath: string): Row {
  const node = underNode();
  return {
    id: `${library}:toplevel`,
    library,
    kind: 'peer',
    implementedIn: node ? 'OpenSSL' : 'JavaScript',
    note: node ? `top-level ${nodePath}: calls node:crypto under Node` : `top-level ${nodePath}`,
    algorithms: [algorithm],
    async prepare(a): Promise<Prepared> {
      if (a !== algorithm) lacks(library, a);
      const f = await load();
      return { async: false, hex: (s) => f(s), bytes: (d) => f(d) };
    },
  };
}

const sha256Pure = lazy(async () => {
  const m = cjs<Method & { sha224: Method }>(await import('js-sha256/build/sha256.cjs'));
  return { 'SHA-256': m, 'SHA-224': m.sha224 } as Partial<Record<AlgorithmName, Method>>;
});
const sha1Mod = lazy(async () => cjs<Method>(await import('js-sha1')));
const md5Mod = lazy(async () => cjs<Method>(await import('js-md5')));
const sha512Mod = lazy(async () => {
  const m = cjs<Record<string, Method>>(await import('js-sha512'));
  return {
    'SHA-384': m.sha384,
    'SHA-512': m.sha512,
    'SHA-512/224': m.sha512_224,
    'SHA-512/256': m.sha512_256,
  } as Partial<Record<AlgorithmName, Method>>;
});

export const jsSha256 = pureRow('js-sha256', ['SHA-224', 'SHA-256'], sha256Pure, 'pure JS build (build/sha256.cjs)');
export const jsSha1 = pureRow(
  'js-sha1',
  ['SHA-1'],
  async () => ({ 'SHA-1': await sha1Mod() }),
  'sha1.hex() / .create()',
);
export const jsMd5 = pureRow('js-md5', ['MD5'], async () => ({ MD5: await md5Mod() }), 'md5.hex() / .create()');
export const jsSha512 = pureRow('js-sha512', ['SHA-384', 'SHA-512', 'SHA-512/224', 'SHA-512/256'], sha512Mod);

/** js-sha3's SHAKE takes the output length in bits on every call: bound here to our default (16 and 32 bytes). */
function withOutputBits(m: Record<string, (...a: unknown[]) => unknown>, algorithm: AlgorithmName): Method {
  const bits = defaultOutputBits(algorithm);
  const f = ((msg: Msg) => m.hex(msg, bits)) as Method;
  f.hex = (msg) => m.hex(msg, bits) as string;
  f.arrayBuffer = (msg) => m.arrayBuffer(msg, bits) as ArrayBuffer;
  f.create = () => m.create(bits) as Hasher;
  return f;
}

const sha3Mod = lazy(async () => {
  const m = cjs<Record<string, Method & Record<string, (...a: unknown[]) => unknown>>>(await import('js-sha3'));
  return {
    'SHA3-224': m.sha3_224,
    'SHA3-256': m.sha3_256,
    'SHA3-384': m.sha3_384,
    'SHA3-512': m.sha3_512,
    SHAKE128: withOutputBits(m.shake128, 'SHAKE128'),
    SHAKE256: withOutputBits(m.shake256, 'SHAKE256'),
    'KECCAK-224': m.keccak224,
    'KECCAK-256': m.keccak256,
    'KECCAK-384': m.keccak384,
    'KECCAK-512': m.keccak512,
  } as Partial<Record<AlgorithmName, Method>>;
});

export const jsSha3 = pureRow(
  'js-sha3',
  [
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
  ],
  sha3Mod,
  undefined,
  false,
);

export const jsSha256Top = topLevelRow(
  'js-sha256',
  'SHA-256',
  async () => cjs<Method>(await import('js-sha256')),
  'sha256(msg)',
);
export const jsSha1Top = topLevelRow('js-sha1', 'SHA-1', sha1Mod, 'sha1(msg)');
export const jsMd5Top = topLevelRow('js-md5', 'MD5', md5Mod, 'md5(msg)');

/**
 * js-md2 0.2 takes strings only (it reads `charCodeAt` and UTF-8 encodes), so it cannot hash arbitrary bytes: the
 * row has the seed workload only and is `unavailable` for throughput.
 */
export const jsMd2: Row = {
  id: 'js-md2',
  library: 'js-md2',
  kind: 'peer',
  implementedIn: 'JavaScript',
  note: 'strings only: no byte input, so no throughput rows',
  algorithms: ['MD2'],
  async prepare(algorithm): Promise<Prepared> {
    if (algorithm !== 'MD2') lacks('js-md2', algorithm);
    const md2 = cjs<(s: string) => string>(await import('js-md2'));
    return { async: false, hex: (s) => md2(s) };
  },
};
