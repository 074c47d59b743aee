/**
 * One-shot HMAC of a short message through node:crypto's one-shot hash: RFC 2104's two hashes, each one call into
 * OpenSSL (crypto.hash). Creating and keying an Hmac object (createHmac) costs more than both hashes of a short
 * message: on Node 20 with SHA-NI, HMAC-SHA-256 of the seed's 93 characters took ~0.65x the time of createHmac's.
 * Longer messages, which this would copy once more, go to createHmac.
 */
import type { AlgorithmSpec } from '../block.js';
import { nodeHashOnce } from '../providers/node.js';
import { IPAD, OPAD } from './keyed.js';

/** The longest message (bytes) hashed this way; longer ones go to createHmac. */
export const NODE_HASHED_MAX = 4096;
/** The longest string (UTF-16 units) hashed this way: UTF-8 takes at most 3 bytes per unit. */
const STRING_MAX = Math.floor(NODE_HASHED_MAX / 3);

/** (K0 ^ ipad) || message, then (K0 ^ opad) || inner digest. */
const INNER = new Uint8Array(128 + NODE_HASHED_MAX);
const OUTER = new Uint8Array(128 + 64);
const encoder = new TextEncoder();
const messageViews = new Map<number, Uint8Array>();

/** Whether {@link nodeHmacHashed} takes this message. */
export function nodeHashes(data: Uint8Array | string): boolean {
  return data.length <= (typeof data === 'string' ? STRING_MAX : NODE_HASHED_MAX);
}

/** Writes the block K0 ^ `pad` at 0. */
function putPad(out: Uint8Array, key: Uint8Array, blockLength: number, pad: number): void {
  const n = key.length;
  for (let i = 0; i < n; i++) out[i] = key[i] ^ pad;
  out.fill(pad, n, blockLength);
}

/** The MAC as hex or latin1 (its bytes one per character). Only for messages {@link nodeHashes} takes. */
export function nodeHmacHashed(
  spec: AlgorithmSpec,
  key: Uint8Array,
  data: Uint8Array | string,
  encoding: 'hex' | 'latin1',
): string {
  const bl = spec.blockLength;
  const k = key.length > bl ? latin1Bytes(nodeHashOnce(spec.name, key, 'latin1')) : key;
  let n: number;
  if (typeof data === 'string') {
    let view = messageViews.get(bl);
    if (view === undefined) {
      view = INNER.subarray(bl);
      messageViews.set(bl, view);
    }
    n = encoder.encodeInto(data, view).written;
  } else {
    INNER.set(data, bl);
    n = data.length;
  }
  putPad(INNER, k, bl, IPAD);
  const inner = nodeHashOnce(spec.name, INNER.subarray(0, bl + n), 'latin1');
  putPad(OUTER, k, bl, OPAD);
  for (let i = 0; i < inner.length; i++) OUTER[bl + i] = inner.charCodeAt(i);
  return nodeHashOnce(spec.name, OUTER.subarray(0, bl + inner.length), encoding);
}

function latin1Bytes(s: string): Uint8Array {
  const out = new Uint8Array(s.length);
  for (let i = 0; i < out.length; i++) out[i] = s.charCodeAt(i);
  return out;
}
