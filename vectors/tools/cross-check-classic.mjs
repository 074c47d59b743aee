#!/usr/bin/env node
// Checks BouncyCastle's SM3, Whirlpool and Tiger vectors (vectors/*-bc.txt) against every other reference installed
// here, none written by us: OpenSSL (`openssl dgst -sm3`; Whirlpool through `-provider legacy -provider default`),
// coreutils (`cksum -a sm3`), Python's hashlib (sm3, OpenSSL underneath), RHash (`rhash --whirlpool --tiger`; its
// tiger is Tiger/192 with the 0x01 pad: its digest of "abc" is the paper's 2aab1484..., not Tiger2's f68d7bc5...).
// Each message is written to a temporary file; every tool hashes all of them in one run. Prints the agreement per
// algorithm and tool with the tools' versions; exits 1 on any disagreement. Python is Debian's (/usr/bin/python3),
// not whichever python3 comes first on PATH.
//
//   node vectors/tools/cross-check-classic.mjs > vectors/classic-cross-check.txt
//   node vectors/tools/cross-check-classic.mjs --without-reference-programs
//       only the tools a new Debian has (OpenSSL, coreutils, Python): RHash, a program of
//       scripts/check/reference-programs.mjs, left out (npm test runs this; npm run test:refs the whole)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REFERENCE_PROGRAMS } from '../../scripts/check/reference-programs.mjs';

const here = new URL('../', import.meta.url);
const run = (cmd, args, input) => execFileSync(cmd, args, { encoding: 'utf8', maxBuffer: 1 << 26, input });

/** [length, message, BouncyCastle's digest] of a vectors/*-bc.txt file. */
function vectors(file) {
  const text = readFileSync(new URL(file, here), 'utf8');
  return [...text.matchAll(/Len = (\d+)\nMsg = ([0-9a-f]+)\nMD = ([0-9a-f]+)/g)].map((m) => {
    const len = Number(m[1]) / 8;
    return [len, Buffer.from(m[2], 'hex').subarray(0, len), m[3]];
  });
}

/** The last hex run of each output line, in order. */
const digests = (out) => out.trim().split('\n').map((l) => l.match(/([0-9a-f]{40,})\s*$/)?.[1] ?? l.split(/\s+/)[0]);

const dir = mkdtempSync(join(tmpdir(), 'classic-'));
let failed = false;
const PYTHON = '/usr/bin/python3';
/** Each program run, and how it says its version. */
const VERSIONS = {
  openssl: () => run('openssl', ['version']).trim(),
  cksum: () => run('cksum', ['--version']).split('\n')[0],
  rhash: () => run('rhash', ['--version']).trim(),
  [PYTHON]: () => `Python ${run(PYTHON, ['-c', 'import sys; print(sys.version.split()[0])']).trim()}`,
};
/** The programs left out: with --without-reference-programs, those a new Debian lacks (RHash). */
const leftOut = process.argv.includes('--without-reference-programs') ? Object.keys(REFERENCE_PROGRAMS) : [];
const programs = Object.keys(VERSIONS).filter((p) => !leftOut.includes(p));
const lines = [
  '# BouncyCastle 1.72 (vectors/*-bc.txt) against the other references, message by message',
  '# Made by: node vectors/tools/cross-check-classic.mjs > vectors/classic-cross-check.txt',
  `# ${programs.map((p) => VERSIONS[p]()).join('; ')}`,
];
try {
  for (const [alg, file, tools] of [
    [
      'SM3',
      'sm3-bc.txt',
      {
        'openssl dgst -sm3': ['openssl', (fs) => digests(run('openssl', ['dgst', '-sm3', '-r', ...fs]))],
        'cksum -a sm3 --untagged': ['cksum', (fs) => digests(run('cksum', ['-a', 'sm3', '--untagged', ...fs]))],
        'python3 hashlib.new("sm3")': [
          PYTHON,
          (fs) =>
            digests(
              run(PYTHON, ['-c', 'import hashlib,sys\nfor f in sys.argv[1:]: print(hashlib.new("sm3", open(f,"rb").read()).hexdigest())', ...fs]),
            ),
        ],
      },
    ],
    [
      'WHIRLPOOL',
      'whirlpool-bc.txt',
      {
        'openssl dgst -whirlpool (legacy provider)': [
          'openssl',
          (fs) => digests(run('openssl', ['dgst', '-whirlpool', '-provider', 'legacy', '-provider', 'default', '-r', ...fs])),
        ],
        'rhash --whirlpool': ['rhash', (fs) => digests(run('rhash', ['--whirlpool', ...fs]))],
      },
    ],
    ['TIGER', 'tiger-bc.txt', { 'rhash --tiger': ['rhash', (fs) => digests(run('rhash', ['--tiger', ...fs]))] }],
  ]) {
    const vs = vectors(file);
    const files = vs.map(([len, msg]) => {
      const f = join(dir, `${alg}-${len}`);
      writeFileSync(f, msg);
      return f;
    });
    for (const [tool, [program, hashAll]] of Object.entries(tools)) {
      if (leftOut.includes(program)) continue;
      const got = hashAll(files);
      const bad = vs.filter(([, , md], i) => got[i] !== md).map(([len]) => len);
      if (bad.length > 0) failed = true;
      lines.push(`${alg} ${file} ${vs.length} messages: ${tool}: ${bad.length === 0 ? 'all equal' : `differ at lengths ${bad.join(', ')}`}`);
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(lines.join('\n'));
process.exit(failed ? 1 : 0);
