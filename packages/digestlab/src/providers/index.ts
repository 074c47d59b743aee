import type { AlgorithmEntry } from '../registry/facts.js';
import { lookup } from '../registry/registry.js';
import {
  AlgorithmUnavailableError,
  NotStreamingError,
  ProviderUnavailableError,
  UnknownProviderError,
} from '../shared/errors.js';
import type { AlgorithmName } from '../spec/algorithm.js';
import { autoOneShot, autoStreaming, type OneShot } from './auto.js';
import { nodeProvider } from './node.js';
import {
  type PreparedBytes,
  type PreparedHex,
  type Provider,
  type ProviderId,
  prepareBytes,
  prepareHex,
  runsHere,
} from './provider.js';
import { tsProvider } from './ts.js';
import { wasmProvider } from './wasm.js';
import { webcryptoProvider } from './webcrypto.js';

export const PROVIDERS: readonly Provider[] = [tsProvider, wasmProvider, nodeProvider, webcryptoProvider];
const PROVIDER_IDS = ['auto', ...PROVIDERS.map((p) => p.id)];

/** Provider ids accepted in options: a concrete provider, or `auto` to let digestlab choose. */
export type ProviderChoice = ProviderId | 'auto';

export interface Resolved {
  entry: AlgorithmEntry;
  /** Computes one-shot digests: the chosen provider, or `auto`'s size-based dispatcher. */
  oneShot: OneShot;
  /** Computes streaming digests (`createDigest`): the chosen provider, or the one `auto` picks for streams. */
  provider: Provider;
}

/** The providers that run `algorithm` on this runtime. */
export function providersWith(algorithm: AlgorithmName): Provider[] {
  return PROVIDERS.filter((p) => runsHere(p, algorithm));
}

const resolved = new Map<string, Map<string, Resolved>>();
const resolvedStreaming = new Map<string, Map<string, Resolved>>();
const preparedHex = new Map<string, Map<string, PreparedHex>>();
const preparedBytes = new Map<string, Map<string, PreparedBytes>>();
/** `auto`'s prepared one-shots by name: the inner maps of `preparedHex` and `preparedBytes` for `auto`. */
const autoHex = new Map<string, PreparedHex>();
const autoBytes = new Map<string, PreparedBytes>();
preparedHex.set('auto', autoHex);
preparedBytes.set('auto', autoBytes);
/**
 * The default provider's last name asked and its prepared call, for hex and for bytes: a loop over one algorithm (the
 * seed's) compares one string, which V8 does by identity for the same literal, instead of a map lookup (~15-30 ns of
 * a ~300 ns `crypto.hash` call on Node: docs/decisions/seed-call-path.md).
 */
let lastHexName: string | undefined;
let lastHex: PreparedHex | undefined;
let lastBytesName: string | undefined;
let lastBytes: PreparedBytes | undefined;
/** The same for a provider named (`{ provider: 'wasm' }`): the last name and choice asked, and their call. */
let lastChosenHexName: string | undefined;
let lastChosenHexChoice: string | undefined;
let lastChosenHex: PreparedHex | undefined;

/** Forgets remembered resolutions: after `ready()`, a provider that was unavailable may run. */
export function forgetResolutions(): void {
  lastHex = undefined;
  lastBytes = undefined;
  lastChosenHex = undefined;
  resolved.clear();
  resolvedStreaming.clear();
  for (const byChoice of [preparedHex, preparedBytes]) {
    for (const byAlgorithm of byChoice.values()) byAlgorithm.clear();
  }
}

/** `byChoice[choice][algorithm]`, made by `make` on first use; nested maps, as no key is built per call. */
function remembered<T>(
  byChoice: Map<string, Map<string, T>>,
  choice: string,
  algorithm: string,
  make: (algorithm: string, choice: string) => T,
): T {
  const byAlgorithm = byChoice.get(choice);
  let r = byAlgorithm?.get(algorithm);
  if (r === undefined) {
    // made before anything is stored: a refused name or provider leaves no entry behind
    r = make(algorithm, choice);
    if (byAlgorithm) byAlgorithm.set(algorithm, r);
    else byChoice.set(choice, new Map([[algorithm, r]]));
  }
  return r;
}

/**
 * The one-shot digest to hex that `digestHex(algorithm, data, { provider: choice })` computes with no other option,
 * prepared once per name exactly as the caller spells it (another case or an alias is another key to the same
 * algorithm): the public call is then two map lookups and the provider's own call, e.g. `crypto.hash` itself.
 * Throws what {@link resolve} throws, and remembers only successes.
 */
export function hexOnceFor(algorithm: string, choice?: string): PreparedHex {
  if (choice !== undefined) {
    if (algorithm === lastChosenHexName && choice === lastChosenHexChoice && lastChosenHex) return lastChosenHex;
    const chosen = remembered(preparedHex, choice, algorithm, makeHex);
    lastChosenHexName = algorithm;
    lastChosenHexChoice = choice;
    lastChosenHex = chosen;
    return chosen;
  }
  if (algorithm === lastHexName && lastHex !== undefined) return lastHex;
  // the default provider's map at hand: one lookup, not two
  const call = autoHex.get(algorithm) ?? remembered(preparedHex, 'auto', algorithm, makeHex);
  lastHexName = algorithm;
  lastHex = call;
  return call;
}

/** {@link hexOnceFor} for `digest`: the digest as bytes. */
export function bytesOnceFor(algorithm: string, choice?: string): PreparedBytes {
  if (choice !== undefined) return remembered(preparedBytes, choice, algorithm, makeBytes);
  if (algorithm === lastBytesName && lastBytes !== undefined) return lastBytes;
  const call = autoBytes.get(algorithm) ?? remembered(preparedBytes, 'auto', algorithm, makeBytes);
  lastBytesName = algorithm;
  lastBytes = call;
  return call;
}

function makeHex(algorithm: string, choice: string): PreparedHex {
  const { entry, oneShot } = resolve(algorithm, choice);
  return prepareHex(oneShot, entry.spec.name);
}

function makeBytes(algorithm: string, choice: string): PreparedBytes {
  const { entry, oneShot } = resolve(algorithm, choice);
  return prepareBytes(oneShot, entry.spec.name);
}

/**
 * Resolves an algorithm name and provider choice, or throws the typed error that says what to do. Successes are
 * remembered (what runs here does not change while the program runs): a one-shot digest of a short input costs
 * about as much as the lookup otherwise would.
 */
export function resolve(algorithm: string, choice: string = 'auto', need?: 'streaming'): Resolved {
  return remembered(need === 'streaming' ? resolvedStreaming : resolved, choice, algorithm, (a, c) =>
    resolveUncached(a, c, need),
  );
}

function resolveUncached(algorithm: string, choice: string, need?: 'streaming'): Resolved {
  const entry = lookup(algorithm);
  const name = entry.spec.name;
  if (choice === 'auto') {
    // the streaming choice only when a stream is made: it loads node:crypto, which short one-shots may not need
    let streaming: Provider | undefined;
    return {
      entry,
      oneShot: autoOneShot(name),
      get provider() {
        streaming ??= autoStreaming(name);
        return streaming;
      },
    };
  }
  const provider = PROVIDERS.find((p) => p.id === choice);
  if (!provider) throw new UnknownProviderError(String(choice), PROVIDER_IDS);
  const reason = provider.unavailableReason();
  if (reason !== undefined) throw new ProviderUnavailableError(provider.id, reason);
  if (!provider.has(name)) {
    throw new AlgorithmUnavailableError(
      name,
      provider.id,
      providersWith(name).map((p) => p.id),
      provider.algorithmUnavailableReason?.(name),
    );
  }
  if (need === 'streaming' && !provider.streaming) throw new NotStreamingError(provider.id);
  return { entry, oneShot: provider, provider };
}
