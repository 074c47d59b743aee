/**
 * What only Node can give the platform-neutral engine: node:crypto as the reference and as a row of its own, the
 * installed versions of packages, the CPU model, and a real GC between cases.
 */
import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { type Host, macAlgorithms, type Prepared, type Reference, type Row, runtimeFacts } from '@digestlab/lab';
import { type AlgorithmName, algorithms, providers } from 'digestlab';

/** node:crypto's name of each algorithm, from digestlab (which of them this Node has is found below, by trying). */
const NODE_NAMES: Partial<Record<AlgorithmName, string>> = Object.fromEntries(
  algorithms().map((a) => [a.name, a.nodeName]),
);

/** An XOF (SHAKE) at digestlab's default output length (node:crypto's too), always explicit; from the registry. */
const OPTIONS: Partial<Record<AlgorithmName, { outputLength: number }>> = Object.fromEntries(
  algorithms().flatMap((a) => (a.xof ? [[a.name, { outputLength: a.digestLength }]] : [])),
);

/** `createHash` for `algorithm`, whose node:crypto name is `n` (SHAKE: `outputLength` bytes, else its default). */
const create = (algorithm: AlgorithmName, n: string, outputLength?: number) =>
  createHash(n, outputLength !== undefined && OPTIONS[algorithm] ? { outputLength } : OPTIONS[algorithm]);

/** The algorithms of `list` for which `make(algorithm, nodeName)` runs here without throwing. */
function computes(list: readonly AlgorithmName[], make: (a: AlgorithmName, n: string) => unknown): AlgorithmName[] {
  return list.filter((a) => {
    try {
      make(a, NODE_NAMES[a] as string);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * Algorithms this Node's OpenSSL really computes (getHashes() can list what the default provider refuses, and
 * Bun's omits SHAKE, which it has): creating a hash is the test.
 */
const AVAILABLE = computes(Object.keys(NODE_NAMES) as AlgorithmName[], (a, n) => create(a, n).digest());

/**
 * Those it also has an HMAC over: Bun's BoringSSL hashes BLAKE2b-512 and BLAKE2s-256 but its createHmac refuses
 * them ("Invalid digest"), so the hmac workload checks them against our `ts` there, and the row has no HMAC cell.
 */
const HMAC_AVAILABLE = computes(AVAILABLE, (_, n) => createHmac(n, 'k').digest());

const FACTS = runtimeFacts();
/** What node:crypto is here: `OpenSSL 3.0.19 on node 20.20.2`, `BoringSSL fe703e9 on bun 1.4.5`. */
export const NODE_CRYPTO_VERSION = `${FACTS.cryptoLibrary ?? 'an unnamed library'} on ${FACTS.runtime} ${FACTS.runtimeVersion}`;

export const nodeReference: Reference = {
  name: `node:crypto (${NODE_CRYPTO_VERSION})`,
  digest(algorithm, data) {
    const n = NODE_NAMES[algorithm];
    if (!n || !AVAILABLE.includes(algorithm)) return undefined;
    const b = create(algorithm, n).update(data).digest();
    return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
  },
  hmac(algorithm, key, data) {
    const n = NODE_NAMES[algorithm];
    if (!n || !HMAC_AVAILABLE.includes(algorithm)) return undefined;
    const b = createHmac(n, key).update(data).digest();
    return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
  },
};

/** node:crypto called directly, as a user would without digestlab: the baseline of every ratio. */
export const nodeCryptoRow: Row = {
  id: 'node:crypto',
  library: 'node:crypto',
  kind: 'baseline',
  // digestlab's node provider is the same node:crypto: one rule for what it is built on (BoringSSL on Bun)
  // read when asked, not at import: providers() asks every provider whether it runs, which compiles WebAssembly
  get implementedIn() {
    return providers().find((p) => p.id === 'node')?.implementedIn ?? 'OpenSSL';
  },
  note: 'createHash(alg).update(x).digest(), called directly (hmac: createHmac(alg, key).update(x).digest())',
  algorithms: AVAILABLE,
  hmacAlgorithms: macAlgorithms(HMAC_AVAILABLE),
  outputLength: true,
  async prepare(algorithm, options): Promise<Prepared> {
    const n = NODE_NAMES[algorithm];
    if (!n || !AVAILABLE.includes(algorithm)) throw new Error(`node:crypto has no ${algorithm} here`);
    const length = options?.outputLength;
    return {
      async: false,
      hex: (s) => create(algorithm, n, length).update(s, 'utf8').digest('hex'),
      bytes: (d) => create(algorithm, n, length).update(d).digest(),
      hmac: (key) => (s) => createHmac(n, key).update(s, 'utf8').digest('hex'),
      stream: () => {
        const h = create(algorithm, n, length);
        return { update: (c) => void h.update(c), finish: () => h.digest() };
      },
    };
  },
};

const here = dirname(fileURLToPath(import.meta.url));

/**
 * The installed version of `pkg`, from its package.json, found the way the lab finds it: resolved from
 * @digestlab/lab's own location, then up to the directory whose package.json names the package (works whatever the
 * package's "exports" allow).
 */
export function versionOf(pkg: string): string | undefined {
  if (pkg === 'node:crypto') return NODE_CRYPTO_VERSION;
  try {
    const fromCli = createRequire(join(here, 'index.js'));
    const labEntry = fromCli.resolve('@digestlab/lab');
    const fromLab = createRequire(labEntry);
    let dir = dirname(fromLab.resolve(pkg));
    for (;;) {
      try {
        const json = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
        if (json.name === pkg) return json.version;
      } catch {
        // no package.json here; keep climbing
      }
      const up = dirname(dir);
      if (up === dir) return undefined;
      dir = up;
    }
  } catch {
    return undefined;
  }
}

/** A real full GC: `--expose-gc` switched on at run time (the flag must be set before `gc` is looked up). */
export function exposeGc(): (() => void) | undefined {
  try {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as unknown;
    return typeof gc === 'function' ? (gc as () => void) : undefined;
  } catch {
    return undefined;
  }
}

export function nodeHost(command: string, extra: Partial<Host> = {}): Host {
  const cpus = os.cpus();
  const gc = exposeGc();
  return {
    reference: nodeReference,
    rows: [nodeCryptoRow],
    versionOf,
    ...(gc ? { gc } : {}),
    env: {
      ...runtimeFacts(),
      cpu: cpus[0]?.model?.trim() || 'unknown',
      cores: os.availableParallelism?.() ?? cpus.length,
      os: `${os.type()} ${os.release()} ${os.arch()}`,
      loadAverage: os.loadavg(),
      command,
    },
    ...extra,
  };
}
