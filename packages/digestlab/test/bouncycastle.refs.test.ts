/**
 * The algorithms digestlab shares with BouncyCastle, against BouncyCastle run now (npm run test:refs; npm test reads
 * what it printed for fixed inputs from vectors/bc/*.txt, vectors/{sm3,whirlpool,tiger}-bc.txt and
 * vectors/hmac/bc-*.txt, and runs no JVM):
 *
 *   - the programs that wrote those files (vectors/tools/BcVectors.java, BcHmacVectors.java) write them again, line
 *     for line from each file's `Made by:` line on (the lines above it name the Java and BouncyCastle versions);
 *   - fresh random messages, at the block and length-field edges and a few up to 100 KiB, and random keys for HMAC,
 *     hashed by BouncyCastle (BcVectors.java --stdin: one JVM for all of them) are what the ts, wasm and auto
 *     providers give, one-shot and streamed in random pieces.
 *
 * MD2, MD4, the RIPEMDs, SM3, Whirlpool, Tiger, Keccak and SHA-3, and HMAC over each but SHA-3 (node:crypto's
 * createHmac is its reference in npm test).
 */
import { spawn } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { requireFile, requireProgram } from '../../../scripts/check/reference-programs.mjs';
import {
  type AlgorithmName,
  algorithms,
  createDigest,
  createHmac,
  digestHex,
  hmacHex,
  type ProviderChoice,
  providers,
} from '../src/index.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const JAR = '/usr/share/java/bcprov.jar';

/** `java -cp JAR vectors/tools/PROGRAM ARGS` from the repository root (the programs' paths are relative to it). */
function java(program: string, args: string[], input = ''): Promise<string> {
  requireProgram('java');
  requireFile(JAR);
  return new Promise((resolve, reject) => {
    const child = spawn('java', ['-cp', JAR, `vectors/tools/${program}`, ...args], { cwd: ROOT });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
      else reject(new Error(`java ${program} ${args.join(' ')}: exit ${code}\n${Buffer.concat(err)}`));
    });
    child.stdin.end(input);
  });
}

/** The stored files, each with the argument that makes it, per program: one JVM per program for all of its files. */
const STORED: Record<string, [string, string][]> = {
  'BcVectors.java': [
    ...['MD4', 'RIPEMD128', 'RIPEMD160', 'RIPEMD256', 'RIPEMD320'].map((n): [string, string] => [n, `bc/${n}.txt`]),
    ['SM3', 'sm3-bc.txt'],
    ['WHIRLPOOL', 'whirlpool-bc.txt'],
    ['TIGER', 'tiger-bc.txt'],
  ],
  'BcHmacVectors.java': [
    ['HmacSM3', 'hmac/bc-sm3.txt'],
    ['HmacWhirlpool', 'hmac/bc-whirlpool.txt'],
    ['HmacTiger', 'hmac/bc-tiger.txt'],
  ],
};

/**
 * The lines from the `Made by:` line of `program NAME` on, up to the header of the next file in `lines`, and the
 * index of the first.
 */
function fromMadeBy(lines: string[], program: string, name: string, where: string): [string[], number] {
  const madeBy = `Made by: java -cp ${JAR} vectors/tools/${program} ${name}`;
  const start = lines.findIndex((l) => l.startsWith('#') && l.endsWith(madeBy));
  if (start < 0) throw new Error(`${where}: no line ending "${madeBy}"`);
  let end = lines.findIndex((l, i) => i > start && l.startsWith('#') && l.includes(' Made by: '));
  if (end < 0) end = lines.length;
  // back over the next file's lines above its `Made by:`
  while (end > start + 1 && lines[end - 1].startsWith('#')) end--;
  return [lines.slice(start, end), start];
}

/** A text's lines, each without its newline (so no empty last line after the last newline). */
const linesOf = (text: string): string[] => text.replace(/\n$/, '').split('\n');

/** Where a stored file's lines (the first is line `first` + 1 of `file`) differ from those made now: up to five. */
function lineDifferences(file: string, first: number, stored: string[], now: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < Math.max(stored.length, now.length) && out.length < 5; i++)
    if (stored[i] !== now[i])
      out.push(`${file}:${first + i + 1}: stored ${stored[i] ?? '(no line)'}, now ${now[i] ?? '(no line)'}`);
  return out;
}

const INFO = new Map(algorithms().map((a) => [a.name, a]));
/** The providers compared, each where it has the algorithm. */
const PROVIDERS: ProviderChoice[] = ['ts', 'wasm', 'auto'];
const HAS = new Map(providers().map((p) => [p.id, new Set<string>(p.algorithms)]));
const providersOf = (alg: AlgorithmName): ProviderChoice[] =>
  PROVIDERS.filter((p) => p === 'auto' || HAS.get(p)?.has(alg));

/** digestlab's name → BouncyCastle's MessageDigest name and Mac name (none: no HMAC compared). */
const BC_NAMES: [AlgorithmName, string, string | undefined][] = [
  ['MD2', 'MD2', 'HmacMD2'],
  ['MD4', 'MD4', 'HmacMD4'],
  ['RIPEMD128', 'RIPEMD128', 'HmacRIPEMD128'],
  ['RIPEMD160', 'RIPEMD160', 'HmacRIPEMD160'],
  ['RIPEMD256', 'RIPEMD256', 'HmacRIPEMD256'],
  ['RIPEMD320', 'RIPEMD320', 'HmacRIPEMD320'],
  ['SM3', 'SM3', 'HmacSM3'],
  ['WHIRLPOOL', 'WHIRLPOOL', 'HmacWhirlpool'],
  ['TIGER', 'TIGER', 'HmacTiger'],
  ...([224, 256, 384, 512] as const).flatMap((n): [AlgorithmName, string, string | undefined][] => [
    [`KECCAK-${n}`, `KECCAK-${n}`, `HmacKECCAK${n}`],
    [`SHA3-${n}`, `SHA3-${n}`, undefined],
  ]),
];

/** A random length within `spread` bytes of `edge`, at least 0. */
const near = (edge: number, spread: number): number => Math.max(0, edge + randomInt(-spread, spread + 1));

/**
 * Message lengths for a block of `b` bytes: in each of the first three blocks, those within one byte of the block's
 * end and of the points 8 and 32 bytes before it (where a 64- or a 256-bit length field no longer fits); random ones
 * near a random block edge; one between each pair of powers of two from 512 bytes to 64 KiB (bits of the length
 * field that the stored files' lengths, 0..300, 1000, 4096 and 65537, leave clear); one up to 100 KiB.
 */
function lengths(b: number): number[] {
  const edges = [1, 2, 3].flatMap((k) => [k * b - 33, k * b - 9, k * b - 1].flatMap((e) => [e - 1, e, e + 1]));
  const random = Array.from({ length: 8 }, () => near(randomInt(0, 5) * b, 40));
  const long = [
    ...Array.from({ length: 7 }, (_, k) => randomInt(2 ** (k + 9), 2 ** (k + 10))),
    randomInt(2 ** 16, 102401),
  ];
  return [...new Set([0, 1, ...edges.filter((n) => n >= 0), ...random, ...long])];
}

/** `data` cut into one to four pieces at random places. */
function pieces(data: Uint8Array): Uint8Array[] {
  const cuts = Array.from({ length: randomInt(0, 4) }, () => randomInt(0, data.length + 1)).sort((a, b) => a - b);
  return [0, ...cuts].map((c, i) => data.subarray(c, [...cuts, data.length][i]));
}

interface Case {
  alg: AlgorithmName;
  data: Uint8Array;
  key?: Uint8Array;
  line: string;
}

const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');
/** A line of BcVectors.java --stdin: NAME LEN MSG [KEY], MSG 00 when LEN is 0. */
const line = (name: string, data: Uint8Array, key?: Uint8Array): string =>
  [name, data.length, data.length === 0 ? '00' : hex(data), ...(key ? [hex(key)] : [])].join(' ');

/** The fresh cases: every algorithm's messages, and for HMAC random keys (1 byte to three blocks) with messages. */
function freshCases(): Case[] {
  return BC_NAMES.flatMap(([alg, bcName, macName]) => {
    const b = INFO.get(alg)?.blockLength ?? Number.NaN;
    const digests = lengths(b).map((n): Case => {
      const data = new Uint8Array(randomBytes(n));
      return { alg, data, line: line(bcName, data) };
    });
    if (macName === undefined) return digests;
    // keys around one block (used as they are, or hashed first), shorter and longer; BouncyCastle refuses an empty one
    const keyLengths = [b - 1, b, b + 1, randomInt(1, b), ...Array.from({ length: 6 }, () => randomInt(1, 3 * b))];
    const macs = keyLengths.map((k): Case => {
      const key = new Uint8Array(randomBytes(k));
      const data = new Uint8Array(randomBytes(near(b * randomInt(0, 3), 40)));
      return { alg, data, key, line: line(macName, data, key) };
    });
    return [...digests, ...macs];
  });
}

/** What each provider gives that is not BouncyCastle's `want`: one-shot, and streamed in random pieces. */
function mismatches(c: Case, want: string): string[] {
  const out: string[] = [];
  const what = `${c.key ? `HMAC ${c.alg}, ${c.key.length}-byte key` : c.alg}, ${c.data.length} bytes`;
  for (const provider of providersOf(c.alg)) {
    const once = c.key ? hmacHex(c.alg, c.key, c.data, { provider }) : digestHex(c.alg, c.data, { provider });
    const split = pieces(c.data);
    const running = c.key ? createHmac(c.alg, c.key, { provider }) : createDigest(c.alg, { provider });
    for (const p of split) running.update(p);
    const streamed = running.digestHex();
    if (once !== want) out.push(`${provider} ${what}, one-shot: ${once}, BouncyCastle ${want}`);
    if (streamed !== want)
      out.push(`${provider} ${what}, in pieces of ${split.map((p) => p.length)}: ${streamed}, BouncyCastle ${want}`);
  }
  return out;
}

describe('BouncyCastle, run now', () => {
  it('BcVectors.java and BcHmacVectors.java write every stored file again, line for line', async () => {
    const runs = Object.entries(STORED).map(async ([program, files]) => {
      const now = linesOf(
        await java(
          program,
          files.map(([name]) => name),
        ),
      );
      return files.flatMap(([name, file]) => {
        const stored = linesOf(readFileSync(`${ROOT}vectors/${file}`, 'utf8'));
        const [was, first] = fromMadeBy(stored, program, name, `vectors/${file}`);
        const [made] = fromMadeBy(now, program, name, `${program} ${name}`);
        return lineDifferences(`vectors/${file}`, first, was, made);
      });
    });
    expect((await Promise.all(runs)).flat()).toStrictEqual([]);
  });

  it('every provider gives BouncyCastle’s digests and HMACs of fresh random messages and keys', async () => {
    const cases = freshCases();
    const bc = (await java('BcVectors.java', ['--stdin'], `${cases.map((c) => c.line).join('\n')}\n`)).split('\n');
    expect(bc.length, 'one line out per case, and a final newline').toBe(cases.length + 1);
    const wrong = cases.flatMap((c, i) => mismatches(c, bc[i]));
    expect(wrong.slice(0, 10), `${wrong.length} mismatches`).toStrictEqual([]);
    // every algorithm was asked, and every HMAC but SHA-3's
    expect(new Set(cases.map((c) => c.alg)).size).toBe(BC_NAMES.length);
  });
});
