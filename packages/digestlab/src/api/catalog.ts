/** What digestlab knows, listed for its users: every algorithm with its facts, every provider with what it can do here. */

import { PROVIDERS, providersWith } from '../providers/index.js';
import type { ImplementedIn, Provider, ProviderId } from '../providers/provider.js';
import type { Counter } from '../registry/boundaries.js';
import type { Construction, Family, OutputKind, SumFact, WebCryptoSupport } from '../registry/facts.js';
import { ALGORITHM_NAMES, ENTRIES } from '../registry/registry.js';
import type { AlgorithmName } from '../spec/algorithm.js';
import type { OptionFact } from '../spec/constructions.js';

/**
 * What digestlab knows about one algorithm: the facts the lab, the CLI, the page and the scripts read rather than
 * keep a copy of (registry.ts is their one source).
 */
export interface AlgorithmInfo {
  /** Canonical name, as Java spells it. */
  name: AlgorithmName;
  /**
   * node:crypto's (OpenSSL's) name, as `createHash(nodeName)` takes it (for SHAKE, with an `outputLength` option, as
   * node:crypto's default is deprecated): given whether or not this runtime's node:crypto has the algorithm, which
   * `providers` tells (it includes `node` when it does).
   */
  nodeName: string;
  aliases: string[];
  /** Object identifiers; each also matches with an "OID." prefix. */
  oids: string[];
  /** Bytes of digest; for an extendable-output function, the default output length (node:crypto's: 16, 32). */
  digestLength: number;
  /** Bytes per block: the rate for SHA-3, SHAKE and Keccak. */
  blockLength: number;
  /** As its standard names it: `MD5`, `SHA-1`, `SHA-2`, `SHA-3` (SHAKE too), `Keccak` (as submitted), `MD2`. */
  family: Family;
  /** `merkle-damgard`, `sponge` or `md2` (room for `tree` and `checksum`). */
  construction: Construction;
  /** `fixed`, `xof` (the caller's `outputLength`, default `digestLength`) or `parameter` (none yet). */
  output: OutputKind;
  /** An extendable-output function (SHAKE128, SHAKE256): takes an `outputLength` option. `output === 'xof'`. */
  xof: boolean;
  /** The options it accepts besides `provider`, with their sizes (SHAKE: `outputLength`, 0 to 2^53 − 1 bytes). */
  options: OptionFact[];
  /** A cryptographic hash (broken or not), as opposed to a checksum. */
  cryptographic: boolean;
  /** HMAC (RFC 2104) is defined over it (`hmac('Hmac' + name, …)` works): a cryptographic hash of fixed length. */
  hmac: boolean;
  /** Collision resistance is broken (MD2, MD5, SHA-1): fine for checksums, not for signatures. */
  broken: boolean;
  /** `digestlab sum`'s tag (`SHA256 (file) = …`), coreutils' `*sum` program where it has one, hex digits. */
  sum: SumFact;
  /** What an implementation counts whose 32-bit wrap matters here: `bits`, `bytes`, `blocks`. */
  counters: Counter[];
  /**
   * Input lengths in bytes where those counts wrap (2^28±1 … 2^32+5, and 2^38±1, 2^39±1 for a block count),
   * ascending: what `digestlab overflow --size boundaries` and vectors/zeros.json cover.
   */
  boundaries: number[];
  /**
   * Whether `crypto.subtle.digest` takes it (by this name): `always` (SHA-1, SHA-256/384/512), `probed` (SHA-3,
   * where the runtime accepts it), `never`. `providers` says whether `webcrypto` has it here.
   */
  webCrypto: WebCryptoSupport;
  /** Providers that compute it on this runtime. */
  providers: ProviderId[];
}

/** Every algorithm digestlab knows, with the providers that have it here. */
export function algorithms(): AlgorithmInfo[] {
  return ENTRIES.map((e) => ({
    name: e.spec.name,
    nodeName: e.nodeName,
    aliases: [...e.aliases],
    oids: [...e.oids],
    digestLength: e.spec.digestLength,
    blockLength: e.spec.blockLength,
    family: e.family,
    construction: e.construction,
    output: e.output,
    xof: e.output === 'xof',
    options: e.options.map((o) => ({ ...o })),
    cryptographic: e.cryptographic,
    hmac: e.hmac,
    broken: e.broken,
    sum: { ...e.sum },
    counters: [...e.counters],
    boundaries: [...e.boundaries],
    webCrypto: e.webCrypto,
    providers: providersWith(e.spec.name).map((p) => p.id),
  }));
}

export interface ProviderInfo {
  id: ProviderId;
  implementedIn: ImplementedIn;
  /** The library and version behind it, where the runtime names one: node's `OpenSSL 3.0.19`, `BoringSSL fe703e9`. */
  library?: string;
  available: boolean;
  /** Why it is not available, when it is not. */
  reason?: string;
  /** Has synchronous calls (`digest`, `createDigest`); otherwise only the `*Async` ones. */
  sync: boolean;
  /** Takes input in pieces (`createDigest`, `digestStream`). */
  streaming: boolean;
  /** `exportState()` works. */
  exportState: boolean;
  /** Algorithms it computes on this runtime (empty when unavailable). */
  algorithms: AlgorithmName[];
  /**
   * Algorithms it computes elsewhere but not here while it is available, each with why: `wasm` after
   * `ready({ modules })` left their module out where the runtime refuses to compile bytes. Absent when none.
   */
  unavailableAlgorithms?: Partial<Record<AlgorithmName, string>>;
}

/** `{ unavailableAlgorithms }` of an available provider, or nothing when it has every algorithm it computes. */
function unavailableAlgorithms(p: Provider): Pick<ProviderInfo, 'unavailableAlgorithms'> {
  const why = ALGORITHM_NAMES.flatMap((a) => {
    const r = p.algorithmUnavailableReason?.(a);
    return r === undefined ? [] : [[a, r] as const];
  });
  return why.length === 0 ? {} : { unavailableAlgorithms: Object.fromEntries(why) };
}

/** Every provider, and what it can do on this runtime. `auto` is not listed: it resolves to one of these. */
export function providers(): ProviderInfo[] {
  return PROVIDERS.map((p) => {
    const reason = p.unavailableReason();
    const library = reason === undefined ? p.library?.() : undefined;
    return {
      id: p.id,
      implementedIn: p.implementedIn,
      ...(library === undefined ? {} : { library }),
      available: reason === undefined,
      ...(reason === undefined ? {} : { reason }),
      sync: p.sync,
      streaming: p.streaming,
      exportState: p.exportsState,
      algorithms: reason === undefined ? ALGORITHM_NAMES.filter((a) => p.has(a)) : [],
      ...(reason === undefined ? unavailableAlgorithms(p) : {}),
    };
  });
}
