// The library's checks in any runtime: run by check.mjs under Bun, Deno and Node --jitless, and bundled into one
// script for workerd, edge-runtime and QuickJS (edge.runtimes.test.ts), against the library bundled from src
// (./digestlab.mjs, or its workerd entry). Every provider the runtime has, and the default (`auto`) through each
// entry point, must give the fixed digests in ./expected.mjs, which the tests computed in Node with node:crypto
// and an RFC 1319 MD2 for the inputs of ./inputs.mjs; exported state must continue correctly. `check()` throws at
// the first wrong answer, else returns what the runtime offers and says of itself.
import {
  algorithms,
  createDigest,
  createHmac,
  digestHex,
  digestHexAsync,
  digestMany,
  hmacHex,
  hmacHexAsync,
  importState,
  providers,
  ready,
  runtime,
} from './digestlab.mjs';
import expected from './expected.mjs';
import { batch, bytesOf, HMAC_KEYS, SIZES } from './inputs.mjs';

const toHex = (b) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
export async function check() {
  let checks = 0;
  const fail = (what, got, want) => {
    throw new Error(`${what}: ${got}, expected ${want}`);
  };

  // ready() also finds out which SHA-3 digests crypto.subtle takes here (an asynchronous question), so that
  // algorithms() below lists webcrypto for them where it has them
  await ready();

  for (const a of algorithms()) {
    for (const n of SIZES) {
      const data = bytesOf(n);
      const want = expected.sizes[a.name][n];
      for (const p of a.providers) {
        const got =
          p === 'webcrypto'
            ? await digestHexAsync(a.name, data, { provider: p })
            : digestHex(a.name, data, { provider: p });
        if (got !== want) fail(`${a.name} via ${p}, ${n} bytes`, got, want);
        checks++;
      }
      // the default provider, through each entry point
      const byDefault = {
        digestHex: digestHex(a.name, data),
        digestHexAsync: await digestHexAsync(a.name, data),
        createDigest: createDigest(a.name).update(data).digestHex(),
      };
      for (const [how, got] of Object.entries(byDefault)) {
        if (got !== want) fail(`${a.name} by default (${how}), ${n} bytes`, got, want);
        checks++;
      }
      const half = createDigest(a.name, { provider: 'ts' }).update(data.subarray(0, n >> 1));
      const resumed = importState(half.exportState())
        .update(data.subarray(n >> 1))
        .digestHex();
      if (resumed !== want) fail(`${a.name}: exported state continued, ${n} bytes`, resumed, want);
    }
    // digestMany (SIMD lanes where the runtime has them, else scalar WebAssembly, else TypeScript)
    const got = digestMany(a.name, batch()).map(toHex);
    got.forEach((hex, i) => {
      if (hex !== expected.batch[a.name][i]) fail(`${a.name}: digestMany message ${i}`, hex, expected.batch[a.name][i]);
      checks++;
    });
  }
  // HMAC through every provider that has the hash here, and by default (one-shot and running Mac), for the
  // algorithms node:crypto computed the expected MACs of
  for (const a of algorithms().filter((x) => expected.hmac[x.name])) {
    for (const [k, key] of HMAC_KEYS.entries()) {
      for (const n of SIZES) {
        const data = bytesOf(n);
        const want = expected.hmac[a.name][k][n];
        for (const p of a.providers) {
          const got =
            p === 'webcrypto'
              ? await hmacHexAsync(a.name, key, data, { provider: p })
              : hmacHex(a.name, key, data, { provider: p });
          if (got !== want) fail(`HMAC-${a.name} via ${p}, ${key.length}-byte key, ${n} bytes`, got, want);
          checks++;
        }
        const mac = createHmac(a.name, key)
          .update(data.subarray(0, n >> 1))
          .update(data.subarray(n >> 1))
          .digestHex();
        if (mac !== want) fail(`HMAC-${a.name} by default (createHmac), ${key.length}-byte key, ${n} bytes`, mac, want);
        const once = hmacHex(a.name, key, data);
        if (once !== want) fail(`HMAC-${a.name} by default (hmacHex), ${key.length}-byte key, ${n} bytes`, once, want);
        checks += 2;
      }
    }
  }

  const lone = '\uD800x\uDC00';
  for (const p of providers().filter((x) => x.available && x.sync)) {
    const got = digestHex('SHA-256', lone, { provider: p.id });
    if (got !== expected.lone) fail(`${p.id}: a lone surrogate (TextEncoder writes U+FFFD)`, got, expected.lone);
  }
  const wasm = providers().find((p) => p.id === 'wasm');
  return {
    providers: Object.fromEntries(providers().map((p) => [p.id, p.algorithms])),
    node: providers().find((p) => p.id === 'node'),
    runtime: runtime(),
    wasmReason: wasm?.reason,
    wasmUnavailable: wasm?.unavailableAlgorithms,
    auto: createDigest('SHA-256').provider,
    checks,
  };
}
