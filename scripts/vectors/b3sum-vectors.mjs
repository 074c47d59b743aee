#!/usr/bin/env node
// Debian's b3sum's digests, written to vectors/blake3/b3sum.json, which blake3.test.ts reads in npm test (where no
// b3sum is installed):
//   official  the inputs of BLAKE3's official vectors (vectors/blake3/test_vectors.json: input_len bytes of i % 251)
//             in every mode, 131 bytes out: one b3sum run per mode over all 35 (`--keyed` with the key on stdin,
//             `--derive-key` with the context); the test holds the copied file to them
//   cases     fixed inputs (the tests' pseudoRandomBytes, 0 to 5,000 bytes), keys, contexts (empty, leading '-' or
//             '=', non-ASCII) and output lengths (1 to 300 bytes), each length in every mode; the test runs every
//             provider against them
// Nothing here is computed by digestlab. blake3.refs.test.ts (npm run test:refs) runs the check, and b3sum on fresh
// random inputs through b3sumOf below.
//
//   node scripts/vectors/b3sum-vectors.mjs           write vectors/blake3/b3sum.json
//   node scripts/vectors/b3sum-vectors.mjs --check   exit 1 if b3sum's digests differ from the file's
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { pseudoRandomBytes } from '../../packages/digestlab/test/helpers/pseudo-random.mjs';
import { hashFiles, outputOf, writeOrCheck } from './recorded-vectors.mjs';

/** b3sum's arguments for a mode: `--keyed` (the key then goes on stdin), `--derive-key CONTEXT`, or none. */
function b3sumModeArgs(mode) {
  if (mode.key) return ['--keyed'];
  if (mode.context === undefined) return [];
  // b3sum (clap) reads a separate value that starts with '-' as another option, and drops the '=' a joined value
  // starts with ('--derive-key==' is the context ''): joined only for the first, separate otherwise
  return mode.context.startsWith('-') ? [`--derive-key=${mode.context}`] : ['--derive-key', mode.context];
}

/** b3sum's hex digest of each input, `outputLength` bytes, in `mode` ({}, { key }, { context }): one run for all. */
export function b3sumOf(inputs, outputLength, mode) {
  const args = ['-l', String(outputLength), '--no-names', ...b3sumModeArgs(mode)];
  return hashFiles(inputs, (files) =>
    outputOf('b3sum', [...args, ...files], mode.key ?? '')
      .trimEnd()
      .split('\n'),
  );
}

const LENGTHS = [0, 1, 63, 64, 65, 1023, 1024, 1025, 2048, 3073, 4097, 5000];
const OUTPUT_LENGTHS = [1, 31, 32, 33, 64, 65, 131, 300];
/** One a length in derive_key mode: what a command line or a naive encoder could get wrong. */
const CONTEXTS = [
  '',
  'a',
  '-',
  '-x',
  '=',
  '=a',
  '--keyed',
  'with spaces and a\ttab',
  'héllo wörld ✓ 鍵',
  ' !"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~',
  'BLAKE3 2019-12-27 16:29:52 test vectors context',
  'x'.repeat(300),
];

/** The fixed cases: every length in each mode (hash, keyed_hash, derive_key), output lengths in turn. */
function cases() {
  return ['hash', 'keyed_hash', 'derive_key'].flatMap((mode, m) =>
    LENGTHS.map((length, i) => {
      const seed = 12 * m + i + 1;
      const c = { mode, length, seed, outputLength: OUTPUT_LENGTHS[(12 * m + i) % OUTPUT_LENGTHS.length] };
      if (mode === 'keyed_hash') c.key = Buffer.from(pseudoRandomBytes(32, 1000 + seed)).toString('hex');
      if (mode === 'derive_key') c.context = CONTEXTS[i];
      const option = c.key ? { key: Buffer.from(c.key, 'hex') } : c.context === undefined ? {} : { context: c.context };
      c.b3sum = b3sumOf([pseudoRandomBytes(length, seed)], c.outputLength, option)[0];
      return c;
    }),
  );
}

/** b3sum's 131 bytes for each official input, per mode. */
function official() {
  const vectors = JSON.parse(readFileSync(new URL('../../vectors/blake3/test_vectors.json', import.meta.url), 'utf8'));
  const inputs = vectors.cases.map((c) => Uint8Array.from({ length: c.input_len }, (_, i) => i % 251));
  return {
    input_len: vectors.cases.map((c) => c.input_len),
    hash: b3sumOf(inputs, 131, {}),
    keyed_hash: b3sumOf(inputs, 131, { key: Buffer.from(vectors.key) }),
    derive_key: b3sumOf(inputs, 131, { context: vectors.context_string }),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeOrCheck(new URL('../../vectors/blake3/b3sum.json', import.meta.url), {
    about:
      'b3sum’s digests of the inputs of test_vectors.json (`official`, 131 bytes out, every mode) and of fixed ' +
      'cases (`cases`: `length` bytes of pseudoRandomBytes(length, seed), packages/digestlab/test/helpers/' +
      'pseudo-random.mjs; the key in hex); made by `node scripts/vectors/b3sum-vectors.mjs`',
    programs: { b3sum: outputOf('b3sum', ['--version']).trim() },
    official: official(),
    cases: cases(),
  });
}
