/**
 * coreutils 9.1's tests of cksum, translated step by step: tests/misc/cksum.sh, cksum-a.sh and cksum-c.sh at tag
 * v9.1 (coreutils/coreutils ca22b9eba09feae9ad5c8105c37e2ae5fb9abbb2). Each runs twice (upstream-scripts.ts): with
 * the installed cksum, then with ours through a link named `cksum`; every step's stdout, stderr and exit code are
 * then compared between the two runs. The programs cksum-a.sh compares cksum with (`sum -r`, `md5sum -t` …) are the
 * installed coreutils' in both runs: they give the expected lines.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ok, real, returns1, type Script, scriptRunner, text } from './upstream-scripts.js';

/** `env printf $(env printf '\\%03o' $(seq 0 n))`: the bytes 0 to n. */
const upTo = (n: number) => Buffer.from(Array.from({ length: n + 1 }, (_, i) => i));
/** `seq 1 n`. */
const seq = (n: number) => Array.from({ length: n }, (_, i) => `${i + 1}\n`).join('');

/** tests/misc/cksum.sh: a missing file, and the CRC across pclmul's folds and the 65 KiB reads. */
async function cksumSh({ dir, sh }: Script): Promise<void> {
  await returns1(sh('cksum', ['missing']), 'cksum missing');
  const cases: [Buffer | string, string][] = [
    // offset -1: `seq 0 -1` is empty, and the inner printf, with no argument, prints `\000`
    [Buffer.concat([-1, 0, 1, 2, 3, 4, 5, 6].flatMap((o) => [upTo(Math.max(o, 0)), upTo(255)])), '4097727897 2077 in'],
    [upTo(130), '3800919234 131 in'],
    [upTo(64), '796287823 65 in'],
    [seq(12780), '3720986905 65574 in'],
    [seq(12795), '4278270357 65664 in'],
  ];
  for (const [bytes, exp] of cases) {
    writeFileSync(join(dir, 'in'), bytes);
    const out = await sh('cksum', ['in']);
    expect(out.code, 'cksum in > out || fail=1').toBe(0);
    expect(out.stdout.toString(), 'compare exp out').toBe(`${exp}\n`);
  }
}

/** tests/misc/cksum-a.sh: each -a against its own program's line, -c of each digest, and two refusals. */
async function cksumA({ dir, sh }: Script): Promise<void> {
  const inputOptions = [
    ['bsd', 'sum', '-r'],
    ['sysv', 'sum', '-s'],
    ['crc', 'cksum'],
    ['md5', 'md5sum', '-t'],
    ['sha1', 'sha1sum', '-t'],
    ['sha224', 'sha224sum', '-t'],
    ['sha256', 'sha256sum', '-t'],
    ['sha384', 'sha384sum', '-t'],
    ['sha512', 'sha512sum', '-t'],
    ['blake2b', 'b2sum', '-t'],
  ] as const;
  let out = '';
  let outA = '';
  for (const [algo, prog, ...args] of inputOptions) {
    out += (await real(dir, prog, [...args, '/dev/null'])).stdout.toString('latin1');
    const c = await sh('cksum', ['--untagged', `--algorithm=${algo}`, '/dev/null']);
    expect(c.code, `cksum --untagged --algorithm=${algo} /dev/null > out-c || fail=1`).toBe(0);
    writeFileSync(join(dir, 'out-c'), c.stdout);
    if (!['bsd', 'sysv', 'crc'].includes(algo)) {
      await ok(sh('cksum', ['--check', `--algorithm=${algo}`, 'out-c']), `cksum --check --algorithm=${algo} out-c`);
    }
    outA += c.stdout.toString('latin1');
  }
  expect(outA, 'compare out out-a').toBe(out);
  await returns1(sh('cksum', ['-a', 'bsd', '--check']), 'cksum -a bsd --check </dev/null');
  await returns1(sh('cksum', ['-a', 'sha22']), 'cksum -a sha22 </dev/null');
}

const PGP_HEAD = '-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA384\n\n# ignored comment\n';
const PGP_TAIL =
  '-----BEGIN PGP SIGNATURE-----\n\n' +
  "# Note base64 doesn't have ambiguous delimiters in its charset\n" +
  'SHA384+BCAAdFiEEjFummQvbJuGfKhqAEWGuaUVxmjkFAmCDId0ACgkQEWGuaUVx\n' +
  'BLAKE2b/00001EuON62pTEnqrJ5lav61QxRByiuDp/6VODrRL2JWM6Stxu1Myws=\n' +
  '=AWU7\n-----END PGP SIGNATURE-----\n';

/**
 * tests/misc/cksum-c.sh: -c of a mixed list, with leading blanks and `\`, inside a signed message, with -a picking
 * one algorithm's lines; the CRC's lines refused. (`shuf -i 1-10` is any order of 1 to 10: here 10 down to 1. The
 * script appends its signature to `signed_input`, a file it never reads: kept as it is.)
 */
async function cksumC({ dir, sh }: Script): Promise<void> {
  const file = (name: string) => join(dir, name);
  writeFileSync(file('input'), Array.from({ length: 10 }, (_, i) => `${10 - i}\n`).join(''));
  let checksums = '';
  for (const args of [
    ['-a', 'sha384'],
    ['-a', 'blake2b'],
    ['-a', 'blake2b', '-l', '384'],
    ['-a', 'sm3'],
  ]) {
    const r = await sh('cksum', [...args, 'input']);
    expect(r.code, `cksum ${args.join(' ')} 'input' >> CHECKSUMS || fail=1`).toBe(0);
    checksums += r.stdout.toString('latin1');
  }
  writeFileSync(file('CHECKSUMS'), checksums, 'latin1');
  await ok(sh('cksum', ['--strict', '--check', 'CHECKSUMS']), 'cksum --strict --check CHECKSUMS');
  const indented = checksums.replace(/^/gm, ' \\').replace(/ \\$/, '');
  await ok(
    sh('cksum', ['--strict', '-c'], Buffer.from(indented, 'latin1')),
    "sed 's/^/ \\\\/' CHECKSUMS | cksum --strict -c",
  );
  writeFileSync(file('signed_CHECKSUMS'), PGP_HEAD + checksums, 'latin1');
  writeFileSync(file('signed_input'), PGP_TAIL);
  await ok(sh('cksum', ['--check', 'signed_CHECKSUMS']), 'cksum --check signed_CHECKSUMS');
  await ok(sh('cksum', ['--check', '-a', 'sm3', 'CHECKSUMS']), 'cksum --check -a sm3 CHECKSUMS');
  await returns1(sh('cksum', ['-a', 'crc', '-c', 'CHECKSUMS']), 'cksum -a crc -c CHECKSUMS');
  const crc = await sh('cksum', ['-a', 'crc', 'input']);
  expect(crc.code, "cksum -a crc 'input' > CHECKSUMS.crc || fail=1").toBe(0);
  writeFileSync(file('CHECKSUMS.crc'), crc.stdout);
  await returns1(sh('cksum', ['-c', 'CHECKSUMS.crc']), 'cksum -c CHECKSUMS.crc');
}

const both = scriptRunner('digestlab-upstream-cksum-');

describe("coreutils 9.1's tests of cksum, translated (coreutils/coreutils tag v9.1)", () => {
  for (const [name, body] of [
    ['tests/misc/cksum.sh', cksumSh],
    ['tests/misc/cksum-a.sh', cksumA],
    ['tests/misc/cksum-c.sh', cksumC],
  ] as const) {
    it(`${name}: the installed cksum passes, ours through a link passes, and every step prints the same`, async () => {
      const { theirs, ours } = await both(body.name, body);
      expect(ours.map((r) => r.what)).toEqual(theirs.map((r) => r.what));
      for (const [i, r] of ours.entries()) {
        expect(text(r.run), r.what).toEqual(text((theirs[i] as (typeof theirs)[number]).run));
      }
    });
  }
});
