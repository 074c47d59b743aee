/**
 * b3sum itself, for overflow.test.ts's BLAKE3 run: `digestlab overflow -a BLAKE3` through ts, wasm and the peers
 * against the installed b3sum run now, at the stored 5000 zero bytes (whose line vectors/tools/b3sum.json keeps for
 * the default tier; b3sum.refs.test.ts checks it reproduces) and at a fresh random size in random updates.
 */
import { execSync } from 'node:child_process';
import type { OverflowRecord } from '@digestlab/lab/overflow';
import { beforeAll, describe, expect, it } from 'vitest';
import { requireProgram } from '../../../scripts/check/reference-programs.mjs';
import { requireBuilt, runCli } from './run.js';

requireProgram('b3sum');
beforeAll(() => requireBuilt('overflow/worker.js', 'main.js'));

describe('digestlab overflow: BLAKE3 against the installed b3sum', () => {
  const size = 1 + Math.floor(Math.random() * 20_000);
  const chunk = 1 + Math.floor(Math.random() * 3000);
  for (const [n, c] of [
    [5000, 1000],
    [size, chunk],
  ]) {
    it(`PASS through ts, wasm and the peers at ${n} zero bytes in updates of ${c}, b3sum's digest`, async () => {
      const providers = 'ts,wasm,@noble/hashes,blake3-wasm';
      const args = ['--size', String(n), '--chunk', String(c), '-a', 'BLAKE3', '-p', providers, '--json', '-q'];
      const r = await runCli(['overflow', ...args]);
      expect(r.code).toBe(0);
      const want = execSync(`head -c ${n} /dev/zero | b3sum --no-names`, { encoding: 'utf8' }).trim();
      const doc = JSON.parse(r.stdout) as { results: OverflowRecord[] };
      expect(doc.results.map((x) => [x.provider, x.kind, x.verdict, x.hex])).toEqual([
        ['hash-wasm', 'reference', 'UNCHECKED', want],
        ['ts', 'ours', 'PASS', want],
        ['wasm', 'ours', 'PASS', want],
        ['@noble/hashes', 'peer', 'PASS', want],
        ['blake3-wasm', 'peer', 'PASS', want],
      ]);
    });
  }
});
