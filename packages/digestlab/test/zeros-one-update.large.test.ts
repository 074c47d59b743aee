/**
 * Large tier: ONE update of a view longer than 2^31 bytes (2^31 + 1 zero bytes, allocated once), so offsets
 * and block counts inside a single call pass the int32 range. Checked against vectors/zeros.json, which has
 * 2^31 + 1 (OpenSSL's digest of the same input, fed in 16 MiB chunks).
 */
import { afterAll, describe, expect, test } from 'vitest';
import { type AlgorithmName, createDigest, digestHex } from '../src/index.js';
import { zeroVectors } from './helpers/common.js';

const SIZE = 2 ** 31 + 1;
const ALGORITHMS: AlgorithmName[] = ['MD5', 'SHA-1', 'SHA-256', 'SHA-512'];
const VECTORS = zeroVectors();
let big: Uint8Array | undefined = new Uint8Array(SIZE);

afterAll(() => {
  big = undefined;
});

function input(): Uint8Array {
  expect(big?.length).toBe(SIZE);
  return big as Uint8Array;
}

function want(algorithm: AlgorithmName): string {
  const hex = VECTORS[algorithm]?.[String(SIZE)];
  expect(hex, `vectors/zeros.json: ${algorithm} ${SIZE}`).toMatch(/^[0-9a-f]{32,128}$/);
  return hex as string;
}

describe.each(ALGORITHMS)('%s: one update of 2^31 + 1 bytes', (algorithm) => {
  test.each(['ts', 'wasm'] as const)('provider %s', (provider) => {
    const expected = want(algorithm);
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const d = createDigest(algorithm, { provider }).update(input());
    const hex = d.digestHex();
    const cpu = process.cpuUsage(cpu0);
    console.log(
      `${algorithm} ${provider}, one update of 2^31 + 1 bytes: ${((performance.now() - t0) / 1000).toFixed(1)} s wall, ` +
        `${((cpu.user + cpu.system) / 1e6).toFixed(1)} s cpu`,
    );
    expect(hex).toBe(expected);
  });

  // node:crypto's Hash#update refuses more than 2^31 - 1 bytes in one call (RangeError ERR_OUT_OF_RANGE, "data
  // is too long"): the provider must split the view itself, as `ts` takes it whole. `auto` (the default) picks
  // node:crypto for these algorithms, so the default createDigest() is concerned too.
  test.each(['node', 'auto'] as const)('provider %s, createDigest().update()', (provider) => {
    const expected = want(algorithm);
    const d = createDigest(algorithm, { provider });
    expect(d.provider).toBe('node');
    let hex: string | undefined;
    let error: unknown;
    try {
      hex = d.update(input()).digestHex();
    } catch (e) {
      error = e;
    }
    expect(error).toBeUndefined();
    expect(hex).toBe(expected);
  });

  test.each(['ts', 'node', 'wasm', 'auto'] as const)('provider %s, one-shot digest()', (provider) => {
    expect(digestHex(algorithm, input(), { provider })).toBe(want(algorithm));
  });
});
