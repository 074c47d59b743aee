/**
 * BLAKE3 written from the paper (§2, §5.1: the reference implementation's eager stack), for the tests only and
 * sharing nothing with src/: slow and plain, with the chunk counter a BigInt, so that counts past 2^32 chunks are
 * exact whatever the code under test does with them. It can start mid-input, from a stack of subtree chaining
 * values and a chunk counter, as an imported state does.
 */
const IV = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
const PERM = [2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8];
const START = 1;
const END = 2;
const PARENT = 4;
const ROOT = 8;

const rotr = (x: number, n: number) => ((x >>> n) | (x << (32 - n))) >>> 0;

function compress(cv: number[], m: number[], counter: bigint, len: number, flags: number): number[] {
  const v = [...cv, ...IV.slice(0, 4), Number(counter & 0xffffffffn), Number(counter >> 32n), len, flags];
  const g = (a: number, b: number, c: number, d: number, x: number, y: number) => {
    v[a] = (v[a] + v[b] + x) >>> 0;
    v[d] = rotr(v[d] ^ v[a], 16);
    v[c] = (v[c] + v[d]) >>> 0;
    v[b] = rotr(v[b] ^ v[c], 12);
    v[a] = (v[a] + v[b] + y) >>> 0;
    v[d] = rotr(v[d] ^ v[a], 8);
    v[c] = (v[c] + v[d]) >>> 0;
    v[b] = rotr(v[b] ^ v[c], 7);
  };
  let w = [...m];
  for (let r = 0; r < 7; r++) {
    g(0, 4, 8, 12, w[0], w[1]);
    g(1, 5, 9, 13, w[2], w[3]);
    g(2, 6, 10, 14, w[4], w[5]);
    g(3, 7, 11, 15, w[6], w[7]);
    g(0, 5, 10, 15, w[8], w[9]);
    g(1, 6, 11, 12, w[10], w[11]);
    g(2, 7, 8, 13, w[12], w[13]);
    g(3, 4, 9, 14, w[14], w[15]);
    w = PERM.map((p) => w[p]);
  }
  return v.map((x, i) => (i < 8 ? (x ^ v[i + 8]) >>> 0 : (x ^ cv[i - 8]) >>> 0));
}

const words = (b: Uint8Array): number[] => {
  const block = new Uint8Array(64);
  block.set(b);
  return Array.from({ length: 16 }, (_, i) => new DataView(block.buffer).getUint32(4 * i, true));
};

/** A node not yet compressed: what the root's output needs. */
interface Node {
  cv: number[];
  m: number[];
  counter: bigint;
  len: number;
  flags: number;
}

function chunkNode(key: number[], chunk: Uint8Array, counter: bigint, flags: number): Node {
  let cv = key;
  const blocks = Math.max(1, Math.ceil(chunk.length / 64));
  for (let b = 0; b < blocks - 1; b++) {
    cv = compress(cv, words(chunk.subarray(64 * b, 64 * b + 64)), counter, 64, flags | (b === 0 ? START : 0)).slice(
      0,
      8,
    );
  }
  const last = chunk.subarray(64 * (blocks - 1));
  return { cv, m: words(last), counter, len: last.length, flags: flags | END | (blocks === 1 ? START : 0) };
}

const chain = (n: Node): number[] => compress(n.cv, n.m, n.counter, n.len, n.flags).slice(0, 8);
const parent = (key: number[], l: number[], r: number[], flags: number): Node => ({
  cv: key,
  m: [...l, ...r],
  counter: 0n,
  len: 64,
  flags: flags | PARENT,
});

/**
 * `outputLength` bytes of BLAKE3 over `input`, which continues an input of `chunks` whole chunks whose subtrees'
 * chaining values are `stack` (bottom first, one per 1 bit of `chunks`), under `key` words and mode `flags`.
 */
export function blake3From(
  input: Uint8Array,
  outputLength: number,
  { key = IV, flags = 0, chunks = 0n, stack = [] as number[][] } = {},
): Uint8Array {
  const cvs = stack.map((cv) => [...cv]);
  let counter = chunks;
  let off = 0;
  // every chunk but the last: its CV onto the stack, merged while the count of chunks is even
  for (; input.length - off > 1024; off += 1024) {
    let cv = chain(chunkNode(key, input.subarray(off, off + 1024), counter, flags));
    counter++;
    for (let total = counter; total % 2n === 0n; total /= 2n) cv = chain(parent(key, cvs.pop() as number[], cv, flags));
    cvs.push(cv);
  }
  let node = chunkNode(key, input.subarray(off), counter, flags);
  while (cvs.length > 0) node = parent(key, cvs.pop() as number[], chain(node), flags);
  const out = new Uint8Array(outputLength);
  for (let t = 0n, at = 0; at < outputLength; t++) {
    const w = compress(node.cv, node.m, t, node.len, node.flags | ROOT);
    for (let i = 0; i < 64 && at < outputLength; i++, at++) out[at] = w[i >> 2] >>> ((i & 3) * 8);
  }
  return out;
}
