// The cases scripts/measure/edge-runtimes.mjs times, bundled into one script for every runtime it runs in (Node,
// node --jitless, QuickJS, edge-runtime, workerd): digestlab (from src) by provider, @noble/hashes and hash-wasm,
// each hashing the seed's string to hex or bytes of a size to hex. `prepare()` says which run here and why the
// others do not; `run(key, input, n)` makes n calls and returns the last digest.
import { blake2b } from '@noble/hashes/blake2.js';
import { blake3 } from '@noble/hashes/blake3.js';
import { md5 } from '@noble/hashes/legacy.js';
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { sha3_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { createBLAKE2b, createBLAKE3, createMD5, createSHA3, createSHA256, createSHA512 } from 'hash-wasm';
import { digestHex, providers, ready } from '../../../packages/digestlab/src/index.ts';
import { encodeUtf8 } from '../../../packages/digestlab/src/shared/strings.ts';

/** The seed's 93-character string (shared/seeds: Java's MessageDigest benchmark). */
export const SEED = "!QAZ@WSX#EDC$RFV%TGB^YHN&UJM*IK<(OL>)P:?_{\"+}|1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik,9ol.0p;/-['=]']";
export const ALGORITHMS = ['SHA-256', 'SHA-512', 'SHA3-256', 'BLAKE3-256', 'BLAKE2B-512', 'MD5'];
const NOBLE = {
  'SHA-256': sha256,
  'SHA-512': sha512,
  'SHA3-256': sha3_256,
  'BLAKE3-256': blake3,
  'BLAKE2B-512': blake2b,
  MD5: md5,
};
const HASH_WASM = {
  'SHA-256': () => createSHA256(),
  'SHA-512': () => createSHA512(),
  'SHA3-256': () => createSHA3(256),
  'BLAKE3-256': () => createBLAKE3(),
  'BLAKE2B-512': () => createBLAKE2b(512),
  MD5: () => createMD5(),
};

const inputs = new Map();
/** `seed`, or a size in bytes: deterministic bytes. */
function inputOf(input) {
  if (input === 'seed') return SEED;
  let b = inputs.get(input);
  if (!b) {
    b = new Uint8Array(input).map((_, i) => (i * 7) & 255);
    inputs.set(input, b);
  }
  return b;
}

const calls = new Map();
/** Every case that runs here (`alg|impl` → a call), and why the others do not. */
export async function prepare() {
  await ready();
  const why = {};
  const wasm = providers().find((p) => p.id === 'wasm');
  const node = providers().find((p) => p.id === 'node');
  for (const alg of ALGORITHMS) {
    for (const p of ['auto', 'wasm', 'ts', 'node']) {
      if (p === 'wasm' && !wasm.available) {
        why[`${alg}|wasm`] = wasm.reason;
        continue;
      }
      // node:crypto where the runtime has it (Node; workerd with nodejs_compat), for the algorithms it has
      if (p === 'node' && !(node.available && node.algorithms.includes(alg))) continue;
      const options = p === 'auto' ? undefined : { provider: p };
      calls.set(`${alg}|${p}`, (x) => digestHex(alg, x, options));
    }
    const noble = NOBLE[alg];
    calls.set(`${alg}|noble`, (x) => bytesToHex(noble(typeof x === 'string' ? encodeUtf8(x) : x)));
    try {
      const h = await HASH_WASM[alg]();
      calls.set(`${alg}|hash-wasm`, (x) => h.init().update(x).digest('hex'));
    } catch (e) {
      why[`${alg}|hash-wasm`] = String(e?.message ?? e).slice(0, 120);
    }
  }
  return { cases: [...calls.keys()], why };
}

export function run(key, input, n) {
  const call = calls.get(key);
  const x = inputOf(input);
  let out;
  for (let i = 0; i < n; i++) out = call(x);
  return out;
}
