/** Our providers as rows: each is called through digestlab's public API, exactly as a user would call it. */
import {
  type AlgorithmName,
  algorithms,
  createDigest,
  type DigestOptions,
  digest,
  digestAsync,
  digestHex,
  digestHexAsync,
  digestMany,
  hmacHex,
  hmacHexAsync,
  type ProviderId,
  providers,
} from 'digestlab';
import {
  AUTO_ASYNC_ROW,
  AUTO_ROW,
  DIGEST_MANY_ROW,
  type ImplementedIn,
  macAlgorithms,
  type Prepared,
  type Row,
  underNode,
  WASM_ASYNC_ROW,
} from './rows.js';

/**
 * How one of our rows calls the library for one algorithm. A provider id passes `{ provider }`; `auto` passes no
 * options at all, as a user does. Nothing here calls the library before the first digest, so a cold start (the
 * CLI's `-w cold`) can time that first call with nothing compiled beforehand (`providers()` compiles digestlab's
 * WebAssembly to tell whether it is available).
 */
export function prepareOurs(id: string, algorithm: AlgorithmName, async = false, outputLength?: number): Prepared {
  if (id === DIGEST_MANY_ROW) {
    return { async: false, many: (messages) => digestMany(algorithm, messages) };
  }
  if (id === AUTO_ASYNC_ROW) return asyncCalls(algorithm);
  if (id === WASM_ASYNC_ROW) return prepareOurs('wasm', algorithm, true);
  if (id === AUTO_ROW) {
    return {
      async: false,
      hex: (s) => digestHex(algorithm, s),
      bytes: (d) => digest(algorithm, d),
      hmac: (key) => (s) => hmacHex(algorithm, key, s),
      many: (messages) => {
        const out = new Array<Uint8Array>(messages.length);
        for (let i = 0; i < messages.length; i++) out[i] = digest(algorithm, messages[i]);
        return out;
      },
      stream: () => {
        const d = createDigest(algorithm);
        return { update: (chunk) => void d.update(chunk), finish: () => d.digest() };
      },
    };
  }
  // SHAKE's output length only when asked (the overflow check's --output-length): a fixed-length digest refuses it
  const options = { provider: id as ProviderId, ...(outputLength !== undefined ? { outputLength } : {}) };
  if (async) return asyncCalls(algorithm, options);
  return {
    async: false,
    hex: (s) => digestHex(algorithm, s, options),
    bytes: (d) => digest(algorithm, d, options),
    hmac: (key) => (s) => hmacHex(algorithm, key, s, options),
    // the loop a user writes for many messages, one digest() call each
    many: (messages) => {
      const out = new Array<Uint8Array>(messages.length);
      for (let i = 0; i < messages.length; i++) out[i] = digest(algorithm, messages[i], options);
      return out;
    },
    stream: () => {
      const d = createDigest(algorithm, options);
      return { update: (chunk) => void d.update(chunk), finish: () => d.digest() };
    },
  };
}

/** The async one-shots, awaited per call: with no options at all (`auto:async`), or a provider's. */
function asyncCalls(algorithm: AlgorithmName, options?: DigestOptions): Prepared {
  return {
    async: true,
    hex: (s) => digestHexAsync(algorithm, s, options),
    bytes: (d) => digestAsync(algorithm, d, options),
    hmac: (key) => (s) => hmacHexAsync(algorithm, key, s, options),
  };
}

function providerRow(id: ProviderId): Row {
  const info = () => providers().find((p) => p.id === id);
  const initial = info();
  const implementedIn: ImplementedIn = initial?.implementedIn ?? 'TypeScript';
  const sync = initial?.sync ?? true;
  return {
    id,
    library: 'digestlab',
    kind: 'ours',
    implementedIn,
    ...(sync
      ? {}
      : {
          note: underNode()
            ? 'async one-shot, awaited per call (under Node: OpenSSL, run on the libuv thread pool)'
            : 'async one-shot, awaited per call',
        }),
    // Whatever this runtime has; a provider that is unavailable here lists none and is skipped as a whole.
    algorithms: initial?.algorithms ?? [],
    // HMAC over every hash it has (WebCrypto's is asked, and a hash its HMAC lacks fails its cell's check)
    hmacAlgorithms: macAlgorithms(initial?.algorithms ?? []),
    unavailableReason: () => {
      const p = info();
      if (!p) return `digestlab has no provider "${id}"`;
      return p.available ? undefined : (p.reason ?? 'not available on this runtime');
    },
    outputLength: true,
    async prepare(algorithm: AlgorithmName, options?: { outputLength?: number }): Promise<Prepared> {
      return prepareOurs(id, algorithm, !sync, options?.outputLength);
    },
  };
}

/** Algorithms some synchronous provider computes here: what `auto` and `digestMany` can do. */
function syncAlgorithms(): AlgorithmName[] {
  const sync = new Set(providers().flatMap((p) => (p.available && p.sync ? p.algorithms : [])));
  return algorithms()
    .map((a) => a.name)
    .filter((a) => sync.has(a));
}

/**
 * `auto`, the default: `digest(alg, x)`, `digestHex(alg, x)`, `createDigest(alg)` with no options. It dispatches
 * per algorithm and input size, so its tables say `mixed`, and each table compares it with the best of
 * {@link AUTO_CANDIDATES} at the same algorithm and size.
 */
function autoRow(): Row {
  return {
    id: AUTO_ROW,
    library: 'digestlab',
    kind: 'ours',
    implementedIn: 'mixed',
    note: 'the default: no provider option; digestlab picks a provider per algorithm and input size (one-shots), or per algorithm (streams)',
    algorithms: syncAlgorithms(),
    hmacAlgorithms: macAlgorithms(syncAlgorithms()),
    prepare: async (algorithm) => prepareOurs(AUTO_ROW, algorithm),
  };
}

/** `digestMany(alg, messages)` with default options: one call per batch, in the many workload only. */
function digestManyRow(): Row {
  return {
    id: DIGEST_MANY_ROW,
    library: 'digestlab',
    kind: 'ours',
    implementedIn: 'WebAssembly',
    note: 'digestMany(alg, messages), one call for all N: 4-lane WebAssembly SIMD for MD5, SHA-1, SHA-256, scalar WebAssembly for the SHA-512 family, every other algorithm (MD2, BLAKE2, ...) one digest each through auto; many workload only',
    algorithms: syncAlgorithms(),
    prepare: async (algorithm) => prepareOurs(DIGEST_MANY_ROW, algorithm),
  };
}

/**
 * `digestAsync` with no options (`auto:async`) or through `wasm` (`wasm:async`), awaited per call: what `auto`'s
 * WebCrypto crossover is measured and checked with. Opt-in: asked for by id only.
 */
function asyncRow(id: typeof AUTO_ASYNC_ROW | typeof WASM_ASYNC_ROW): Row {
  const auto = id === AUTO_ASYNC_ROW;
  const wasm = () => providers().find((p) => p.id === 'wasm');
  const algorithms = auto ? syncAlgorithms() : (wasm()?.algorithms ?? []);
  return {
    id,
    library: 'digestlab',
    kind: 'ours',
    implementedIn: auto ? 'mixed' : 'WebAssembly',
    note: auto
      ? 'digestAsync / digestHexAsync with no options, awaited per call: where node:crypto is absent, long inputs go to WebCrypto from a size measured per browser engine'
      : 'digestAsync / digestHexAsync through wasm, awaited per call: what auto:async is measured against',
    optIn: true,
    algorithms,
    hmacAlgorithms: macAlgorithms(algorithms),
    ...(auto ? {} : { unavailableReason: () => (wasm()?.available ? undefined : (wasm()?.reason ?? 'not available')) }),
    prepare: async (algorithm) => prepareOurs(id, algorithm),
  };
}

/**
 * `ts`, `wasm`, `node`, `webcrypto` (and any provider the library adds later), then `auto` and `digestMany`, and the
 * opt-in async rows.
 */
export function ourRows(): Row[] {
  return [
    ...providers().map((p) => providerRow(p.id)),
    autoRow(),
    digestManyRow(),
    asyncRow(AUTO_ASYNC_ROW),
    asyncRow(WASM_ASYNC_ROW),
  ];
}
