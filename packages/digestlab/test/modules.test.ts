/**
 * Compiled modules handed to the library (`ready({ modules })`, what the `workerd` entry does): refused when they
 * are not what they claim, used when they are (here, where bytes also compile, the digests stay right).
 */
import { describe, expect, test } from 'vitest';
import { digestHex, InvalidOptionError, providers, ready } from '../src/index.js';
import { compileFailure } from '../src/wasm/failure.js';
import { isGiven, WASM_MODULE_NAMES } from '../src/wasm/sources.js';
import { embeddedBytes } from './helpers/embedded.js';

describe('ready({ modules })', () => {
  test('refuses bytes, an unknown name and a non-object, with InvalidOptionError', async () => {
    const bytes = embeddedBytes('core');
    await expect(ready({ modules: { core: bytes as never } })).rejects.toThrow(InvalidOptionError);
    await expect(ready({ modules: { nope: new WebAssembly.Module(bytes) } as never })).rejects.toThrow(
      /modules\.nope: no such module; expected core, shasimd/,
    );
    await expect(ready({ modules: null as never })).rejects.toThrow(InvalidOptionError);
    expect(isGiven('core')).toBe(false);
  });

  test('takes every module compiled, and the wasm provider computes with them', async () => {
    const modules = Object.fromEntries(WASM_MODULE_NAMES.map((n) => [n, new WebAssembly.Module(embeddedBytes(n))]));
    await ready({ modules });
    expect(WASM_MODULE_NAMES.every(isGiven)).toBe(true);
    expect(providers().find((p) => p.id === 'wasm')?.available).toBe(true);
    expect(digestHex('BLAKE3-256', 'abc', { provider: 'wasm' })).toBe(
      '6437b3ac38465133ffb63b75273a8db548c558465d79db03fd359c6cd5bd9d85',
    );
  });
});

test('a refusal to compile bytes says what to do; any other failure says what failed', () => {
  const workerd = new Error('WebAssembly.Module(): Wasm code generation disallowed by embedder');
  expect(compileFailure(workerd)).toMatch(
    /^this runtime refuses to compile WebAssembly from bytes .*ready\(\{ modules \}\)/,
  );
  const csp = new Error("Refused to compile or instantiate WebAssembly module because 'unsafe-eval' is not allowed");
  expect(compileFailure(csp)).toMatch(/^this runtime refuses/);
  expect(compileFailure(new Error('out of memory'))).toBe('WebAssembly compilation failed: Error: out of memory');
});
