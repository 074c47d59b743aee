#!/usr/bin/env node
// MD4 and RIPEMD-160 of the messages of vectors/tools/BcVectors.java (lengths 0..300, 1000, 4096, 65537; byte i
// of the len-byte message = (i * 167 + 13 * len) & 255), as three programs other than BouncyCastle compute them:
// RHash (MD4, RIPEMD-160), OpenSSL's command line (RIPEMD-160 in its default provider, MD4 through its legacy
// one) and Python's hashlib (RIPEMD-160; Debian's /usr/bin/python3, whose hashlib is the system OpenSSL's, not the
// `python3` first on PATH). Written to vectors/md4-ripemd-tools.json; kat.test.ts holds each to BouncyCastle's
// vectors/bc/*.txt and the library to all of them. Nothing here is computed by digestlab.
//
//   node scripts/vectors/md4-ripemd-vectors.mjs           write vectors/md4-ripemd-tools.json
//   node scripts/vectors/md4-ripemd-vectors.mjs --check   exit 1 if the programs' digests differ from the file's
//                                                 (classic-tools.refs.test.ts, npm run test:refs)
import { hashFiles, outputOf, writeOrCheck } from './recorded-vectors.mjs';

const PYTHON = '/usr/bin/python3';
const LENGTHS = [...Array.from({ length: 301 }, (_, n) => n), 1000, 4096, 65537];
const message = (len) => Buffer.from(Array.from({ length: len }, (_, i) => (i * 167 + 13 * len) & 255));

/** The hex digests in `out`, one a line, in the files' order. */
const column = (out, pick) => out.trim().split('\n').map(pick);
const first = (line) => line.split(' ')[0];

const digests = hashFiles(LENGTHS.map(message), (files) => {
  const rhash = outputOf('rhash', ['--printf', '%{md4} %{ripemd160}\\n', ...files]);
  const opensslRmd = outputOf('openssl', ['dgst', '-ripemd160', '-r', ...files]);
  const opensslMd4 = outputOf('openssl', [
    'dgst',
    '-provider',
    'legacy',
    '-provider',
    'default',
    '-md4',
    '-r',
    ...files,
  ]);
  return {
    rhash: { MD4: column(rhash, first), RIPEMD160: column(rhash, (l) => l.split(' ')[1]) },
    openssl: { MD4: column(opensslMd4, first), RIPEMD160: column(opensslRmd, first) },
  };
});
// hashlib makes the messages itself, from the same rule
const python = outputOf(PYTHON, [
  '-c',
  'import hashlib, sys\nfor n in map(int, sys.argv[1:]):\n' +
    '    print(hashlib.new("ripemd160", bytes((i * 167 + 13 * n) & 255 for i in range(n))).hexdigest())',
  ...LENGTHS.map(String),
]);
digests.python = { RIPEMD160: column(python, (l) => l) };

const pythonVersion = 'import sys, ssl; print("Python", sys.version.split()[0], ssl.OPENSSL_VERSION)';
writeOrCheck(new URL('../../vectors/md4-ripemd-tools.json', import.meta.url), {
  about:
    'MD4 and RIPEMD-160 of the messages of vectors/tools/BcVectors.java (lengths in `lengths`), by programs other ' +
    'than BouncyCastle; made by `node scripts/vectors/md4-ripemd-vectors.mjs`',
  programs: {
    rhash: outputOf('rhash', ['--version']).trim(),
    openssl: outputOf('openssl', ['version']).trim(),
    python: `${outputOf(PYTHON, ['-c', pythonVersion]).trim()} (hashlib)`,
  },
  lengths: LENGTHS,
  digests,
});
