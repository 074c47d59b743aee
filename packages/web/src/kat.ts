/**
 * Known-answer checks in a browser (the self-test page and its Worker): every vector through every provider of
 * digestlab that has its algorithm here, sync providers through digestHex, async ones through digestHexAsync.
 * The vectors come from the test (read from vectors/ under Node); only what disagrees comes back.
 */
import {
  type AlgorithmName,
  algorithms,
  createDigest,
  digestAsync,
  digestHex,
  digestHexAsync,
  providers,
  runtime,
} from 'digestlab';

export interface KatVector {
  algorithm: AlgorithmName;
  /** Where it comes from, for the failure message, e.g. "CAVP SHA256ShortMsg Len = 8". */
  name: string;
  /** The message: hex bytes, or a string (hashed as UTF-8). */
  hex?: string;
  text?: string;
  /** SHAKE's output length in bytes, where the vector has its own (else the algorithm's default). */
  outputLength?: number;
  md: string;
}

export interface KatResult {
  /** Digests compared, per provider. */
  checked: Record<string, number>;
  failures: string[];
  /** What `auto` picks here for a running digest, per algorithm (createDigest(alg).provider). */
  autoPicks: Record<string, string>;
  /** The engine the library detected here (runtime().browser.engine). */
  engine: string | undefined;
  /** Per algorithm, the input lengths of {@link ASYNC_PROBES} at which `auto`'s digestAsync called crypto.subtle. */
  autoAsyncWebCrypto: Record<string, number[]>;
  /** Providers available here, with why not for the others. */
  available: Record<string, string | true>;
  /** The SHA-3 digests this page's crypto.subtle.digest computes, asked directly (not through digestlab). */
  subtleSha3: string[];
  /** digestlab's `webcrypto` asked for SHA3-256 of nothing here: the hex digest, or the error's `code`. */
  webcryptoSha3: string;
}

function bytes(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/**
 * Lengths around the WebCrypto crossovers `auto` has for digestAsync in each browser engine (each crossover and one
 * byte less: the browser tier checks that every engine's crossovers are among them), and sizes beside them.
 */
export const ASYNC_PROBES = [1024, 2047, 2048, 8191, 8192, 65535, 65536, 131071, 131072, 262143, 262144];

/**
 * The lengths at which `auto`'s digestAsync of `algorithm` calls crypto.subtle.digest here, seen from outside (the
 * library does not say which provider took a one-shot): the method is wrapped on the instance while this runs.
 */
async function asyncWebCrypto(algorithm: AlgorithmName): Promise<number[]> {
  const subtle = globalThis.crypto?.subtle;
  if (subtle === undefined) return [];
  const digest = subtle.digest;
  let calls = 0;
  subtle.digest = function (this: SubtleCrypto, ...args: Parameters<SubtleCrypto['digest']>) {
    calls++;
    return digest.apply(this, args);
  };
  try {
    const at: number[] = [];
    for (const n of ASYNC_PROBES) {
      const before = calls;
      await digestAsync(algorithm, new Uint8Array(n));
      if (calls > before) at.push(n);
    }
    return at;
  } finally {
    subtle.digest = digest;
  }
}

/**
 * SHA-3 names crypto.subtle.digest accepts here (those the registry says some runtimes have: `probed`), found by
 * trying each on the empty message.
 */
async function subtleSha3(): Promise<string[]> {
  const subtle = globalThis.crypto?.subtle;
  if (subtle === undefined) return [];
  const names = algorithms().flatMap((a) => (a.webCrypto === 'probed' ? [a.name] : []));
  const accepted = await Promise.all(
    names.map((n) =>
      Promise.resolve()
        .then(() => subtle.digest(n, new Uint8Array(0)))
        .then(
          () => true,
          () => false,
        ),
    ),
  );
  return names.filter((_, i) => accepted[i]);
}

export async function runKat(vectors: readonly KatVector[]): Promise<KatResult> {
  // before providers() is read: an asynchronous SHA-3 call is what makes `webcrypto` find out whether it has SHA-3
  // (in a Worker, which never calls ready())
  let webcryptoSha3: string;
  try {
    webcryptoSha3 = await digestHexAsync('SHA3-256', '', { provider: 'webcrypto' });
  } catch (e) {
    webcryptoSha3 = (e as { code?: string }).code ?? String(e);
  }
  const info = providers();
  const result: KatResult = {
    checked: {},
    failures: [],
    autoPicks: {},
    engine: runtime().browser?.engine,
    autoAsyncWebCrypto: {},
    available: {},
    subtleSha3: await subtleSha3(),
    webcryptoSha3,
  };
  for (const p of info) result.available[p.id] = p.available ? true : (p.reason ?? 'unavailable');
  const ids = [
    ...info.filter((p) => p.available).map((p) => ({ id: p.id, sync: p.sync, has: p.algorithms })),
    { id: 'auto', sync: true, has: undefined },
  ];
  for (const v of vectors) {
    const data = v.text ?? bytes(v.hex ?? '');
    for (const p of ids) {
      if (p.has && !p.has.includes(v.algorithm)) continue;
      const options = {
        ...(p.id === 'auto' ? {} : { provider: p.id as never }),
        ...(v.outputLength === undefined ? {} : { outputLength: v.outputLength }),
      };
      let got: string;
      try {
        got = p.sync ? digestHex(v.algorithm, data, options) : await digestHexAsync(v.algorithm, data, options);
      } catch (e) {
        got = `threw ${e instanceof Error ? e.message : String(e)}`;
      }
      result.checked[p.id] = (result.checked[p.id] ?? 0) + 1;
      if (got !== v.md)
        result.failures.push(`${p.id} ${v.name}: got ${got.slice(0, 40)}, expected ${v.md.slice(0, 40)}`);
    }
  }
  for (const a of new Set(vectors.map((v) => v.algorithm))) {
    result.autoPicks[a] = createDigest(a).provider;
    result.autoAsyncWebCrypto[a] = await asyncWebCrypto(a);
  }
  return result;
}
