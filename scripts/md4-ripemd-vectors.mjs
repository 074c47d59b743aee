#!/usr/bin/env node
// MD4 and RIPEMD-160 of the messages of vectors/tools/BcVectors.java (lengths 0..300, 1000, 4096, 65537; byte i
// of the len-byte message = (i * 167 + 13 * len) & 255), as three programs other than BouncyCastle compute them:
// RHash (MD4, RIPEMD-160), OpenSSL's command line (RIPEMD-160 in its default provider, MD4 through its legacy
// one) and Python's hashlib (RIPEMD-160). Written to vectors/md4-ripemd-tools.json; kat.test.ts holds each to
// BouncyCastle's vectors/bc/*.txt and the library to all of them. Nothing here is computed by digestlab.
//
//   node scripts/md4-ripemd-vectors.mjs
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const LENGTHS = [...Array.from({ length: 301 }, (_, n) => n), 1000, 4096, 65537];
const message = (len) => Buffer.from(Array.from({ length: len }, (_, i) => (i * 167 + 13 * len) & 255));

const dir = mkdtempSync(join(tmpdir(), 'md4-ripemd-'));
const files = LENGTHS.map((len) => {
  const f = join(dir, String(len).padStart(5, '0'));
  writeFileSync(f, message(len));
  return f;
});
const run = (cmd, args, input) => execFileSync(cmd, args, { encoding: 'utf8', input, maxBuffer: 1 << 26 });

/** The hex digests in `out`, one a line, in the files' order. */
const column = (out, pick) => out.trim().split('\n').map(pick);

const rhash = run('rhash', ['--printf', '%{md4} %{ripemd160}\\n', ...files]);
const opensslRmd = run('openssl', ['dgst', '-ripemd160', '-r', ...files]);
const opensslMd4 = run('openssl', ['dgst', '-provider', 'legacy', '-provider', 'default', '-md4', '-r', ...files]);
const python = run('/usr/bin/python3', [
  '-c',
  'import hashlib, sys\nfor n in map(int, sys.argv[1:]):\n' +
    '    print(hashlib.new("ripemd160", bytes((i * 167 + 13 * n) & 255 for i in range(n))).hexdigest())',
  ...LENGTHS.map(String),
]);
rmSync(dir, { recursive: true });

const first = (line) => line.split(' ')[0];
const out = {
  about:
    'MD4 and RIPEMD-160 of the messages of vectors/tools/BcVectors.java (lengths in `lengths`), by programs other ' +
    'than BouncyCastle; made by `node scripts/md4-ripemd-vectors.mjs`',
  programs: {
    rhash: run('rhash', ['--version']).trim(),
    openssl: run('openssl', ['version']).trim(),
    python: `${run('/usr/bin/python3', ['-c', 'import sys, ssl; print("Python", sys.version.split()[0], ssl.OPENSSL_VERSION)']).trim()} (hashlib)`,
  },
  lengths: LENGTHS,
  digests: {
    rhash: { MD4: column(rhash, first), RIPEMD160: column(rhash, (l) => l.split(' ')[1]) },
    openssl: { MD4: column(opensslMd4, first), RIPEMD160: column(opensslRmd, first) },
    python: { RIPEMD160: column(python, (l) => l) },
  },
};
writeFileSync(new URL('../vectors/md4-ripemd-tools.json', import.meta.url), `${JSON.stringify(out, null, 1)}\n`);
