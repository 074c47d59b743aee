// The inputs that check.mjs hashes on Bun, Deno and Node --jitless. runtimes.test.ts imports this file too, to
// compute their expected digests in Node with independent references (node:crypto, and RFC 1319 MD2), so the
// runtimes are compared with fixed digests, never with one of our own providers.

/** Block and padding edges of 16-, 64- and 128-byte blocks, and a few KiB (over the crossovers of `auto`). */
export const SIZES = [0, 1, 15, 16, 17, 55, 56, 63, 64, 65, 111, 112, 127, 128, 129, 1000, 1024, 4097, 70000];

/** Deterministic bytes for a size: every byte depends on its position and on the size. */
export function bytesOf(n) {
  return new Uint8Array(n).map((_, i) => (i * 7 + n) & 255);
}

/** HMAC keys: shorter than every block, and longer than every block (hashed first). */
export const HMAC_KEYS = [bytesOf(32), bytesOf(200)];

/** A digestMany batch: lengths 0 to 299 bytes across block counts, a string with a non-ASCII letter, the empty string. */
export function batch() {
  const messages = Array.from({ length: 37 }, (_, i) => new Uint8Array((i * 37) % 300).map((_, j) => i + j));
  messages.push('héllo', '');
  return messages;
}
