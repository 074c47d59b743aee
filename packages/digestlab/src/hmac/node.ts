/**
 * One-shot HMAC of a short message through node:crypto's one-shot hash: RFC 2104's two hashes, each one call into
 * OpenSSL (crypto.hash). Creating and keying an Hmac object (createHmac) costs more than both hashes of a short
 * message: on Node 20 with SHA-NI, HMAC-SHA-256 of the seed's 93 characters took ~0.65x the time of createHmac's.
 * Longer messages, which this would copy once more, and runtimes without crypto.hash go to createHmac.
 */

import { type HashOnce, nodeHashOnce } from '../providers/node.js';
import { ENTRIES } from '../registry/registry.js';
import { writeUtf8 } from '../shared/strings.js';
import type { AlgorithmSpec } from '../spec/algorithm.js';
import { IPAD, OPAD, putPad } from './keyed.js';

/** The longest message (bytes) hashed this way; longer ones go to createHmac. */
export const NODE_HASHED_MAX = 4096;
/** The longest string (UTF-16 units) hashed this way: UTF-8 takes at most 3 bytes per unit. */
const STRING_MAX = Math.floor(NODE_HASHED_MAX / 3);

/** The longest block of any hash (SHAKE128's rate, 168 bytes; SHA-512's block is 128). */
const MAX_BLOCK = Math.max(...ENTRIES.map((e) => e.spec.blockLength));
/** (K0 ^ ipad) || message. */
const INNER = new Uint8Array(MAX_BLOCK + NODE_HASHED_MAX);

/** Per algorithm: its bound one-shot hash, and the views this path reuses (a view costs more than the loops here). */
interface PerAlgorithm {
  hash: HashOnce;
  /** INNER past the keyed block: a string is encoded straight into it. */
  message: Uint8Array;
  /** (K0 ^ opad) || inner digest: the outer hash's whole input. */
  outer: Uint8Array;
}
const perAlgorithm = new Map<AlgorithmSpec, PerAlgorithm | null>();

/** This path for `spec` where node:crypto has crypto.hash; null where it does not. */
function state(spec: AlgorithmSpec): PerAlgorithm | null {
  let s = perAlgorithm.get(spec);
  if (s === undefined) {
    const hash = nodeHashOnce(spec.name);
    s = hash
      ? { hash, message: INNER.subarray(spec.blockLength), outer: new Uint8Array(spec.blockLength + spec.digestLength) }
      : null;
    perAlgorithm.set(spec, s);
  }
  return s;
}

/**
 * The MAC as hex or latin1 (its bytes one per character), or undefined when this path does not take the message
 * (too long) or node:crypto has no crypto.hash here: then createHmac's turn.
 */
export function nodeHmacHashed(
  spec: AlgorithmSpec,
  key: Uint8Array,
  data: Uint8Array | string,
  encoding: 'hex' | 'latin1',
): string | undefined {
  if (data.length > (typeof data === 'string' ? STRING_MAX : NODE_HASHED_MAX)) return undefined;
  const s = state(spec);
  if (s === null) return undefined;
  const { hash, message, outer } = s;
  const bl = spec.blockLength;
  const k = key.length > bl ? latin1Bytes(hash(key, 'latin1')) : key;
  let n: number;
  if (typeof data === 'string') {
    n = writeUtf8(data, message);
  } else {
    message.set(data);
    n = data.length;
  }
  putPad(INNER, 0, k, bl, IPAD);
  const inner = hash(new Uint8Array(INNER.buffer, 0, bl + n), 'latin1');
  putPad(outer, 0, k, bl, OPAD);
  for (let i = 0; i < inner.length; i++) outer[bl + i] = inner.charCodeAt(i);
  return hash(outer, encoding);
}

function latin1Bytes(s: string): Uint8Array {
  const out = new Uint8Array(s.length);
  for (let i = 0; i < out.length; i++) out[i] = s.charCodeAt(i);
  return out;
}
