/**
 * Byte counts as people write them, and back: the one size grammar of `digestlab bench --sizes`/`--many-size`,
 * `digestlab overflow --size`/`--chunk`/`--checkpoint-every` and the page's `sizes=`/`size=` URL parameters —
 * `275951648768`, `257GiB`, `4GiB+5`, `2^38-1`, `512MiB`, `10GB`, `1k`, `1M`, `257*1024*1MiB`.
 *
 * Grammar (whitespace and `_` digit separators allowed):
 *   expr   = term (("+" | "-") term)*
 *   term   = power ("*" power)*
 *   power  = atom (("^" | "**") power)?          right-associative
 *   atom   = number [unit] | "(" expr ")"
 * Units: B; KiB MiB GiB TiB = 2^10 … 2^40 (any case but the final B); kB KB MB GB TB = 10^3 … 10^12 (exactly as
 * written); and the bare letters k or K, M, G, T = 2^10 … 2^40, as `--sizes 1k,1M` has always read them (and as GNU
 * coreutils reads `1K`, `1M`: a bare letter is binary, a letter and B decimal). Lowercase m, g and t are refused
 * (`m` is milli, and `4g` looks like grams or a typo of either), and so are bits (`Gb`, `Mb`) and anything else,
 * with an example of what works.
 * Arithmetic is exact (BigInt); the result must be a whole number of bytes, at least `min`, at most 2^53 − 1.
 *
 * Out, three notations: {@link formatSize} writes the grammar back (`4GiB+5`, pasteable: the overflow report and a
 * link's parameters); {@link sizeLabel} labels a bench table (`64 B`, `1 MiB`, exact); {@link roughSize} shows
 * progress (`1.50 GiB`, rounded).
 */

/** A size that could not be read; the message says what works instead. */
export class SizeError extends Error {
  override name = 'SizeError';
}

/** The binary units, largest first: what the grammar reads and every notation here writes. */
const BINARY_UNITS: readonly (readonly [bytes: number, name: string])[] = [
  [2 ** 40, 'TiB'],
  [2 ** 30, 'GiB'],
  [2 ** 20, 'MiB'],
  [2 ** 10, 'KiB'],
];

/** `kib` → 2^10 …: a binary unit, looked up in lowercase (any case but the final B: `257GIB`; `257gib` is bits). */
const IEC = new Map(BINARY_UNITS.map(([b, name]) => [name.toLowerCase(), BigInt(b)]));
/** `K` (and `k`), `M`, `G`, `T`: a binary unit's bare first letter. */
const BARE = new Map(BINARY_UNITS.map(([b, name]) => [name.charAt(0), BigInt(b)]));
BARE.set('k', 2n ** 10n);
const SI = new Map([
  ['kB', 1000n],
  ['KB', 1000n],
  ['MB', 1000n ** 2n],
  ['GB', 1000n ** 3n],
  ['TB', 1000n ** 4n],
]);

/** Every form a size takes, for messages. */
export const SIZE_EXAMPLES = 'e.g. 275951648768, 257GiB, 4GiB+5, 2^38-1, 512MiB, 10GB, 1k, 1M';
/** The units, for messages. */
export const SIZE_UNITS = 'units are B; k, M, G, T or KiB, MiB, GiB, TiB (powers of 2); kB, MB, GB, TB (powers of 10)';
/** The grammar in one line, for the help of every size option (bench's `--sizes`, overflow's `--size`). */
export const SIZE_HELP =
  'bytes, e.g. 64, 1k, 1M, 10MB, 512MiB, 4GiB+5, 2^38-1 (k, M, G, T and KiB, MiB, GiB, TiB: powers of 2; kB, MB, GB, TB: of 10)';

/** A value with a denominator, so `1.5GiB` is exact and `0.5` can be refused. */
interface Q {
  n: bigint;
  d: bigint;
}

const MAX = BigInt(Number.MAX_SAFE_INTEGER);

function unitValue(unit: string, text: string): bigint {
  if (unit === 'B') return 1n;
  const known = (unit.endsWith('B') ? IEC.get(unit.toLowerCase()) : undefined) ?? SI.get(unit) ?? BARE.get(unit);
  if (known !== undefined) return known;
  const first = unit.charAt(0).toUpperCase();
  const bare = first === 'K' ? 'k' : first;
  const hint = BARE.has(first)
    ? `write ${bare} or ${first}iB (powers of 2, e.g. 4${first}iB) or ${bare}B (powers of 10)`
    : SIZE_UNITS;
  const why = /^[kKmMgGtT]i?b$/.test(unit) ? ' (a lowercase b means bits)' : '';
  throw new SizeError(`ambiguous or unknown unit "${unit}" in "${text}"${why}: ${hint}; ${SIZE_EXAMPLES}`);
}

class Parser {
  pos = 0;
  constructor(readonly text: string) {}

  fail(what: string): never {
    throw new SizeError(`cannot read size "${this.text}": ${what}; ${SIZE_EXAMPLES}`);
  }
  skip(): void {
    this.pos += /^\s*/.exec(this.text.slice(this.pos))?.[0].length ?? 0;
  }
  peek(s: string): boolean {
    this.skip();
    return this.text.startsWith(s, this.pos);
  }
  eat(s: string): boolean {
    if (!this.peek(s)) return false;
    this.pos += s.length;
    return true;
  }

  expr(): Q {
    let v = this.term();
    for (;;) {
      if (this.eat('+')) v = add(v, this.term(), 1n);
      else if (this.eat('-')) v = add(v, this.term(), -1n);
      else return v;
    }
  }
  term(): Q {
    let v = this.power();
    while (this.eat('*')) {
      const f = this.power();
      v = norm({ n: v.n * f.n, d: v.d * f.d });
    }
    return v;
  }
  power(): Q {
    const base = this.atom();
    if (this.eat('**') || this.eat('^')) {
      const exp = this.power();
      if (exp.d !== 1n || exp.n < 0n || exp.n > 64n) this.fail('an exponent must be a whole number from 0 to 64');
      if (base.d !== 1n) this.fail('only whole numbers can be raised to a power');
      return { n: base.n ** exp.n, d: 1n };
    }
    return base;
  }
  atom(): Q {
    if (this.eat('(')) {
      const v = this.expr();
      if (!this.eat(')')) this.fail('missing ")"');
      return v;
    }
    this.skip();
    const m = /^(\d[\d_]*)(?:\.(\d+))?/.exec(this.text.slice(this.pos));
    if (!m) this.fail(this.pos >= this.text.length ? 'it ends too early' : `unexpected "${this.text[this.pos]}"`);
    if (m[1].endsWith('_') || m[1].includes('__')) this.fail('"_" goes between digits');
    this.pos += m[0].length;
    const frac = m[2] ?? '';
    let v: Q = { n: BigInt(m[1].replaceAll('_', '') + frac), d: 10n ** BigInt(frac.length) };
    const u = /^\s*([A-Za-z]+)/.exec(this.text.slice(this.pos));
    if (u) {
      this.pos += u[0].length;
      v = norm({ n: v.n * unitValue(u[1], this.text), d: v.d });
    }
    return norm(v);
  }
}

function gcd(a: bigint, b: bigint): bigint {
  a = a < 0n ? -a : a;
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}
function norm(q: Q): Q {
  const g = gcd(q.n, q.d) || 1n;
  return { n: q.n / g, d: q.d / g };
}
function add(a: Q, b: Q, sign: bigint): Q {
  return norm({ n: a.n * b.d + sign * b.n * a.d, d: a.d * b.d });
}

/** Bytes for a size as written; throws {@link SizeError} with an example of what works. */
export function parseSize(text: string, min = 0): number {
  const p = new Parser(String(text));
  if (p.text.trim() === '') p.fail('it is empty');
  const v = p.expr();
  p.skip();
  if (p.pos < p.text.length) p.fail(`unexpected "${p.text.slice(p.pos)}"`);
  if (v.d !== 1n) throw new SizeError(`size "${text}" is not a whole number of bytes; ${SIZE_EXAMPLES}`);
  if (v.n < BigInt(min)) throw new SizeError(`size "${text}" must be at least ${min} byte${min === 1 ? '' : 's'}`);
  if (v.n > MAX)
    throw new SizeError(`size "${text}" is larger than 2^53-1 bytes (8 PiB), the most JavaScript counts exactly`);
  return Number(v.n);
}

/**
 * A short human form: `257GiB`, `4GiB+5`, `2^38-1`, `512MiB`, `1000` — the way sizes are written on the command
 * line, so it can be pasted back. Exact: parseSize(formatSize(n)) === n.
 */
export function formatSize(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) return String(n);
  const candidates: string[] = [String(n)];
  for (const [unit, name] of BINARY_UNITS) {
    const q = Math.round(n / unit);
    const r = n - q * unit;
    if (q >= 1 && Math.abs(r) <= 64) candidates.push(`${q}${name}${r > 0 ? `+${r}` : r < 0 ? `${r}` : ''}`);
  }
  for (let e = 10; e <= 53; e++) {
    const r = n - 2 ** e;
    if (Math.abs(r) <= 64) candidates.push(`2^${e}${r > 0 ? `+${r}` : r < 0 ? `${r}` : ''}`);
  }
  // prefer units for whole multiples, powers of two for ±small, then the shortest
  const exact = candidates.find((c) => /^[\d]+[KMGT]iB$/.test(c));
  if (exact) return exact;
  return candidates.reduce((a, b) => (b.length < a.length ? b : a));
}

/** "275951648768 bytes (257GiB)" — both forms, for headers. */
export function describeSize(n: number): string {
  const short = formatSize(n);
  return short === String(n) ? `${n} bytes` : `${n} bytes (${short})`;
}

/** The units a bench table labels in: KiB and MiB, as its tables always have (a 1 GiB input reads `1024 MiB`). */
const LABEL_UNITS = BINARY_UNITS.filter(([b]) => b <= 2 ** 20);

/** `64 B`, `16 KiB`, `1 MiB`, `1536 B`: a bench table's size label, exact, in the largest unit that divides it. */
export function sizeLabel(n: number): string {
  const unit = LABEL_UNITS.find(([b]) => n >= b && n % b === 0);
  return unit ? `${n / unit[0]} ${unit[1]}` : `${n} B`;
}

/** `512 B`, `12.3 MiB`, `1.50 GiB`: progress, rounded in the largest unit it reaches (two decimals from GiB on). */
export function roughSize(n: number): string {
  const unit = BINARY_UNITS.find(([b]) => n >= b);
  if (!unit) return `${n} B`;
  const [b, name] = unit;
  return `${(n / b).toFixed(b >= 2 ** 30 ? 2 : 1)} ${name}`;
}
