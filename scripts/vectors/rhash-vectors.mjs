#!/usr/bin/env node
// RHash's Tiger (Tiger/192, the 0x01 pad) and Whirlpool of the first n bytes of the tests' pseudo-random stream
// (pseudoRandomBytes of packages/digestlab/test/helpers/pseudo-random.mjs, seed 0xdefa: the input of default.test.ts's
// size sweep), for every n from 0 to 129 (each padding case of a 64-byte block, twice) and for n = 2^k − 1, 2^k,
// 2^k + 1 up to 2^22 + 1 (the sweep's sizes). Written to vectors/rhash-prefixes.json, from which npm test takes
// Tiger's reference for those inputs (the tests' own BigInt Tiger runs at about 3 MB/s) and holds boundaries.test.ts's
// finalizer to both digests, with no RHash installed. Nothing here is computed by digestlab.
//
//   node scripts/vectors/rhash-vectors.mjs           write vectors/rhash-prefixes.json
//   node scripts/vectors/rhash-vectors.mjs --check   exit 1 if RHash's digests differ from the file's (test:refs)
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { pseudoRandomBytes } from '../../packages/digestlab/test/helpers/pseudo-random.mjs';
import { hashFiles, outputOf, writeOrCheck } from './recorded-vectors.mjs';

const SEED = 0xdefa;
const LENGTHS = [
  ...new Set([
    ...Array.from({ length: 130 }, (_, n) => n),
    ...Array.from({ length: 23 }, (_, k) => [2 ** k - 1, 2 ** k, 2 ** k + 1]).flat(),
  ]),
].sort((a, b) => a - b);

/** RHash's Tiger and Whirlpool of each input, one run over all of them. */
export function rhashOf(inputs) {
  return hashFiles(inputs, (files) =>
    outputOf('rhash', ['--printf', '%{tiger} %{whirlpool}\\n', ...files])
      .trimEnd()
      .split('\n')
      .map((line) => {
        const [TIGER, WHIRLPOOL] = line.split(' ');
        return { TIGER, WHIRLPOOL };
      }),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const stream = pseudoRandomBytes(LENGTHS.at(-1), SEED);
  const digests = rhashOf(LENGTHS.map((n) => stream.subarray(0, n)));
  writeOrCheck(new URL('../../vectors/rhash-prefixes.json', import.meta.url), {
    about:
      'RHash’s Tiger and Whirlpool of the first n bytes (the keys of `digests`) of `input`: every n to 129, and ' +
      '2^k − 1, 2^k, 2^k + 1 to 2^22 + 1, the sizes of default.test.ts’s sweep; made by `node scripts/vectors/rhash-vectors.mjs`',
    programs: { rhash: outputOf('rhash', ['--version']).trim() },
    input: {
      generator: 'pseudoRandomBytes(length, seed), packages/digestlab/test/helpers/pseudo-random.mjs (xorshift32)',
      seed: SEED,
      length: stream.length,
      sha256: createHash('sha256').update(stream).digest('hex'),
    },
    digests: Object.fromEntries(LENGTHS.map((n, i) => [n, digests[i]])),
  });
}
