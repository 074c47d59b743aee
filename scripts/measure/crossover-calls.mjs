// The calls crossovers.mjs times, one module for every place they run: in its own process (Node, Bun, Deno) and
// inside workerd (edge/crossover-worker.mjs, for --workerd). `lib` is digestlab's API as that place loads it.

const INPUTS = 64;

/** HMAC keys, one per call in turn: a MAC is keyed anew each time, as Java's Mac.init + doFinal. */
const KEYS = Array.from({ length: 64 }, (_, j) => Uint8Array.from({ length: 32 }, (_, i) => (i * 31 + j) & 255));

/** 64 distinct inputs of `n` bytes (or ASCII characters), so no call hashes what the last one did. */
function inputs(n, asString) {
  const count = n >= 65536 ? 4 : INPUTS; // large inputs: a few, which are not in cache anyway
  return Array.from({ length: count }, (_, i) => {
    const b = new Uint8Array(n);
    for (let j = 0; j < n; j++) b[j] = 0x20 + ((i * 31 + j * 7) % 95);
    return asString ? new TextDecoder().decode(b) : b;
  });
}

/**
 * `(reps) => sink`: `reps` one-shot calls of `provider` for `algorithm` on inputs of `n` bytes (an ASCII string
 * when `hex`, the seed's call), a digest or (`hmac`) an HMAC with the r-th key, to bytes or to hex.
 */
export function oneShotCalls(lib, { algorithm, n, hex, provider, hmac }) {
  const data = inputs(n, hex);
  const opts = { provider };
  const once = hmac
    ? hex
      ? (d, r) => lib.hmacHex(algorithm, KEYS[r & 63], d, opts).length
      : (d, r) => lib.hmac(algorithm, KEYS[r & 63], d, opts)[0]
    : hex
      ? (d) => lib.digestHex(algorithm, d, opts).length
      : (d) => lib.digest(algorithm, d, opts)[0];
  return (reps) => {
    let sink = 0;
    for (let r = 0; r < reps; r++) sink += once(data[r % data.length], r);
    return sink;
  };
}

/** The algorithms whose crossover is measured: node:crypto and our WebAssembly both have them (and an HMAC). */
export function measurable(lib, { hmac, only }) {
  return lib
    .algorithms()
    .filter(
      (a) =>
        a.providers.includes('node') &&
        a.providers.includes('wasm') &&
        (!hmac || a.hmac) &&
        (only.length === 0 || only.includes(a.name)),
    )
    .map((a) => a.name);
}
