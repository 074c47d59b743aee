// Run by runtimes.test.ts under Bun and Deno against the library bundled from src (./digestlab.mjs, written by
// the test). Every provider available on the runtime must agree with our TypeScript at block and padding
// edges, state must round-trip, and known answers must hold; prints one JSON line.
import {
  algorithms,
  createDigest,
  digestHex,
  digestHexAsync,
  digestMany,
  importState,
  providers,
} from './digestlab.mjs';

const known = {
  MD2: 'da853b0d3f88d99b30283a69e6ded6bb',
  MD5: '900150983cd24fb0d6963f7d28e17f72',
  'SHA-1': 'a9993e364706816aba3e25717850c26c9cd0d89d',
  'SHA-256': 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
};
let checks = 0;
for (const [name, hex] of Object.entries(known)) {
  if (digestHex(name, 'abc', { provider: 'ts' }) !== hex) throw new Error(`${name}("abc") is wrong`);
}
for (const a of algorithms()) {
  for (const n of [0, 1, 55, 56, 63, 64, 111, 112, 127, 128, 1000]) {
    const data = new Uint8Array(n).map((_, i) => (i * 7 + n) & 255);
    const want = digestHex(a.name, data, { provider: 'ts' });
    for (const p of a.providers) {
      const got =
        p === 'webcrypto'
          ? await digestHexAsync(a.name, data, { provider: p })
          : digestHex(a.name, data, { provider: p });
      if (got !== want) throw new Error(`${a.name} via ${p}, ${n} bytes: ${got}, ts says ${want}`);
      checks++;
    }
    const half = createDigest(a.name, { provider: 'ts' }).update(data.subarray(0, n >> 1));
    if (
      importState(half.exportState())
        .update(data.subarray(n >> 1))
        .digestHex() !== want
    ) {
      throw new Error(`${a.name}: exported state did not continue correctly`);
    }
  }
}
// digestMany (SIMD lanes where the runtime has them, else scalar WebAssembly, else TypeScript) against ts
const toHex = (b) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
const batch = Array.from({ length: 37 }, (_, i) => new Uint8Array((i * 37) % 300).map((_, j) => i + j));
batch.push('héllo', '');
for (const a of algorithms()) {
  const got = digestMany(a.name, batch).map(toHex);
  batch.forEach((m, i) => {
    if (got[i] !== digestHex(a.name, m, { provider: 'ts' })) throw new Error(`${a.name}: digestMany message ${i}`);
    checks++;
  });
}
const wasm = providers().find((p) => p.id === 'wasm');
const lone = '\uD800x\uDC00';
for (const p of providers().filter((x) => x.available && x.sync)) {
  if (digestHex('SHA-256', lone, { provider: p.id }) !== digestHex('SHA-256', new TextEncoder().encode(lone))) {
    throw new Error(`${p.id}: a lone surrogate is not encoded as TextEncoder does`);
  }
}
console.log(
  JSON.stringify({
    providers: Object.fromEntries(providers().map((p) => [p.id, p.algorithms])),
    wasmReason: wasm?.reason,
    auto: createDigest('SHA-256').provider,
    checks,
  }),
);
