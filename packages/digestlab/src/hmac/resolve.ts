/**
 * Which algorithm and provider an HMAC call names: the digest's names (and Java's `Mac` names, `HmacSHA256`), the
 * provider checks of the digest calls (one set of errors), and the refusal of the hashes the registry says HMAC does
 * not apply to (the extendable-output functions).
 */

import { NODE_FROM } from '../providers/auto.js';
import { resolve } from '../providers/index.js';
import { nodeProvider } from '../providers/node.js';
import { runsHere } from '../providers/provider.js';
import type { AlgorithmEntry } from '../registry/facts.js';
import { ALGORITHM_NAMES, lookup } from '../registry/registry.js';
import { HmacUnsupportedError, UnknownAlgorithmError } from '../shared/errors.js';
import type { AlgorithmSpec } from '../spec/algorithm.js';
import { AutoHmac, HMAC_NODE_FROM, HMAC_PROVIDERS, type HmacOnce, type HmacProvider, nodeHmac } from './providers.js';

/** Java's Mac names are the digest's name or alias behind "Hmac" (`HmacSHA256`, `HmacSHA512/256`, `HmacMD5`). */
const MAC_PREFIX = /^hmac[-_]?/i;

/**
 * The registry entry an HMAC name means: a digest name, alias or OID, or one behind Java's "Hmac" prefix (any case;
 * also `HMAC-SHA-256`). Throws {@link UnknownAlgorithmError} naming what was asked.
 */
export function lookupMac(algorithm: string): AlgorithmEntry {
  try {
    return lookup(algorithm);
  } catch (e) {
    if (typeof algorithm !== 'string' || !MAC_PREFIX.test(algorithm)) throw e;
    try {
      return lookup(algorithm.replace(MAC_PREFIX, ''));
    } catch {
      throw new UnknownAlgorithmError(algorithm, ALGORITHM_NAMES);
    }
  }
}

/** Why HMAC is refused over `entry` (the registry's `hmac` is false): RFC 2104 needs a fixed-length hash. */
function noHmac(entry: AlgorithmEntry): string {
  const name = entry.spec.name;
  if (entry.options.some((o) => o.name === 'key')) {
    return `${name} has its own keyed mode, and HMAC (RFC 2104) is defined over hashes of one fixed length; pass { key } to ${name} itself`;
  }
  if (entry.output === 'xof') {
    return `${name} is an extendable-output function, and HMAC (RFC 2104) is defined over hashes of one fixed length; use a fixed-length hash (SHA3-256, SHA-256, ...)`;
  }
  return `${name} is not a cryptographic hash, and HMAC (RFC 2104) is defined over those; use SHA-256, SHA3-256, ...`;
}

export interface ResolvedHmac {
  spec: AlgorithmSpec;
  /** One-shot HMACs: the chosen provider, or `auto`'s size-based dispatcher. */
  once: HmacOnce;
  /** Running MACs (`createHmac`): the chosen provider, or the one `auto` picks for streams. */
  readonly streaming: HmacProvider;
}

const resolved = new Map<string, Map<string, ResolvedHmac>>();

/**
 * Resolves an HMAC's algorithm and provider choice, or throws the typed error that says what to do. Successes are
 * remembered, as digest resolutions are: a short one-shot costs about as much as resolving again would.
 */
export function resolveHmac(algorithm: string, choice: string = 'auto'): ResolvedHmac {
  let byAlgorithm = resolved.get(choice);
  if (byAlgorithm === undefined) {
    byAlgorithm = new Map();
    resolved.set(choice, byAlgorithm);
  }
  let r = byAlgorithm.get(algorithm);
  if (r === undefined) {
    r = resolveUncached(algorithm, choice);
    byAlgorithm.set(algorithm, r);
  }
  return r;
}

/** Forgets remembered resolutions (after `ready()`, as the digest resolutions are forgotten). */
export function forgetHmacResolutions(): void {
  resolved.clear();
}

function resolveUncached(algorithm: string, choice: string): ResolvedHmac {
  const entry = lookupMac(algorithm);
  const spec = entry.spec;
  if (!entry.hmac) throw new HmacUnsupportedError(spec.name, noHmac(entry));
  // the digest's resolution: unknown or unavailable providers, algorithms a provider lacks, the same errors
  const digest = resolve(spec.name, choice);
  if (choice === 'auto') {
    const { bytes, hex } = HMAC_NODE_FROM[spec.name] ?? NODE_FROM[spec.name];
    // where node:crypto takes every length, no dispatcher (one call less per MAC), as for digests
    const once =
      bytes === 0 && hex === 0 && runsHere(nodeProvider, spec.name) ? nodeHmac : new AutoHmac(spec.name, bytes, hex);
    return {
      spec,
      once,
      get streaming() {
        return HMAC_PROVIDERS[digest.provider.id];
      },
    };
  }
  const provider = HMAC_PROVIDERS[digest.provider.id];
  return { spec, once: provider, streaming: provider };
}
