/**
 * Portability: the library (bundled from src with esbuild, as an application would ship it) under Bun and
 * Deno, installed from npm as devDependencies, and under Node without WebAssembly. runtimes/check.mjs holds every
 * provider the runtime has, and the default provider through each entry point, to fixed digests that this file
 * computes here with node:crypto and the RFC 1319 MD2 (never with one of our providers), HMAC included (node:crypto's
 * createHmac, for the hashes it has); here we also pin which
 * providers each runtime offers.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ALGORITHMS, WASM_ALGORITHMS } from './helpers/common.js';
import { type CheckResult, checksExpected, prepareChecks } from './helpers/runtime-checks.js';

const bin = (name: string) => fileURLToPath(new URL(`../../../node_modules/.bin/${name}`, import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'digestlab-runtimes-'));

beforeAll(() => prepareChecks(dir));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ALL = ALGORITHMS;
const MD = WASM_ALGORITHMS;
/**
 * node:crypto on each runtime here: MD5, SHA-1, SHA-2, SHA-3 and SHAKE on all, with no MD2 and no Keccak (Node 20's
 * OpenSSL 3.0, Deno's, Bun's BoringSSL); of the newer families, what each has of its own (`also`), in the registry's
 * order. None has RIPEMD-128/256/320, BLAKE3, Whirlpool, Tiger or the length-free BLAKE2b and BLAKE2s; all three
 * have BLAKE2b-512 and BLAKE2s-256 (blake2b512, blake2s256), and Bun's BoringSSL BLAKE2b-256 too (blake2b256).
 * All three have node:zlib's crc32, which is provider `node`'s CRC-32.
 */
const COMMON = new Set<string>(MD.slice(0, MD.indexOf('MD4')).filter((a) => !a.startsWith('KECCAK')));
const nodeWith = (...also: string[]) => ALL.filter((a) => COMMON.has(a) || also.includes(a));
const WEBCRYPTO = ['SHA-1', 'SHA-256', 'SHA-384', 'SHA-512'];
/** Bun 1.4 and Deno 2.9 take SHA3-256/384/512 in crypto.subtle.digest (not SHA3-224); Node 20 none. */
const WEBCRYPTO_SHA3 = [...WEBCRYPTO, 'SHA3-256', 'SHA3-384', 'SHA3-512'];
/** The runtime's own version, as its binary prints it (`bun --version`: 1.4.5; `deno --version`: deno 2.9.6 ...). */
const versionOf = (command: string) =>
  (/\d+\.\d+\.\d+\S*/.exec(execFileSync(command, ['--version'], { encoding: 'utf8' }))?.[0] ?? '?') as string;

interface Want {
  wasm: string[];
  node: string[];
  webcrypto: string[];
  auto: string;
  runtime: { runtime: string; version: string; cryptoLibrary: RegExp };
  implementedIn: string;
}
/** Each runtime, how to run check.mjs there, and what it must offer and say of itself. */
const RUNTIMES: [string, string[], () => Want][] = [
  [
    'bun',
    [bin('bun'), 'check.mjs'],
    () => ({
      wasm: MD,
      // BoringSSL has MD4, RIPEMD-160 and BLAKE2b-256, no SM3
      node: nodeWith('MD4', 'RIPEMD160', 'BLAKE2B-256', 'BLAKE2B-512', 'BLAKE2S-256', 'CRC-32'),
      webcrypto: WEBCRYPTO_SHA3,
      auto: 'node',
      runtime: { runtime: 'bun', version: versionOf(bin('bun')), cryptoLibrary: /^BoringSSL [0-9a-f]{7}$/ },
      implementedIn: 'BoringSSL',
    }),
  ],
  [
    'deno',
    [bin('deno'), 'run', '--allow-read', '--allow-env', 'check.mjs'],
    () => ({
      wasm: MD,
      // its own node:crypto (Rust): MD4, RIPEMD-160 and SM3
      node: nodeWith('MD4', 'RIPEMD160', 'BLAKE2B-512', 'BLAKE2S-256', 'SM3', 'CRC-32'),
      webcrypto: WEBCRYPTO_SHA3,
      auto: 'node',
      runtime: { runtime: 'deno', version: versionOf(bin('deno')), cryptoLibrary: /^OpenSSL \d/ },
      implementedIn: 'OpenSSL',
    }),
  ],
  // Node without WebAssembly (--jitless removes it): `wasm` says why it is unavailable, `auto` falls back
  [
    'node --jitless',
    [process.execPath, '--jitless', 'check.mjs'],
    () => ({
      wasm: [],
      // OpenSSL 3.0's default provider: RIPEMD-160 and SM3 (MD4 is in its legacy provider)
      node: nodeWith('RIPEMD160', 'BLAKE2B-512', 'BLAKE2S-256', 'SM3', 'CRC-32'),
      webcrypto: WEBCRYPTO,
      auto: 'node',
      runtime: { runtime: 'node', version: process.versions.node, cryptoLibrary: /^OpenSSL 3\./ },
      implementedIn: 'OpenSSL',
    }),
  ],
];

describe.each(RUNTIMES)('%s', (_, [command, ...args], wanted) => {
  test('every provider and the default give the fixed digests; ts, wasm, node:crypto, WebCrypto are there as expected', () => {
    const out = execFileSync(command, args, {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const result = JSON.parse(out.trim().split('\n').pop() as string) as CheckResult;
    const want = wanted();
    // named as itself, not as the Node it imitates (both report process.versions.node 26.3.0)
    expect(result.runtime).toEqual({
      ...want.runtime,
      cryptoLibrary: expect.stringMatching(want.runtime.cryptoLibrary),
    });
    expect(result.node).toMatchObject({ implementedIn: want.implementedIn, library: result.runtime.cryptoLibrary });
    expect(result.providers.ts).toEqual(ALL);
    expect(result.providers.wasm).toEqual(want.wasm);
    if (want.wasm.length === 0) expect(result.wasmReason).toBe('this runtime has no WebAssembly');
    else expect(result.wasmReason).toBeUndefined();
    expect(result.auto).toBe(want.auto);
    // every runtime here implements node:crypto and process.getBuiltinModule; none has MD2 or Keccak; Bun's
    // getHashes() omits SHAKE, which is found all the same (by trying createHash)
    expect(result.providers.node).toEqual(want.node);
    expect(result.providers.webcrypto).toEqual(want.webcrypto);
    // every provider of every algorithm and the default's three entry points at every size, the batch, and HMAC
    // over every fixed-length hash node:crypto has
    expect(result.checks).toBe(checksExpected(result.providers));
  });
});
