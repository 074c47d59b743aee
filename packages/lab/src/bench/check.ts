/**
 * Check: every cell that could be timed is run once and its output compared with the reference's before anything
 * is timed, so a wrong row is reported WRONG and never timed. Inputs and expected digests are made once per size
 * and algorithm, however many rows share them.
 */
import { type AlgorithmName, digest, hmacHex } from 'digestlab';
import { bytesHex, type Output, outputHex, type Prepared } from '../rows.js';
import { HMAC_KEY, SEED_INPUT, SEED_JAVA_HEX } from '../seed.js';
import { type Cell, describeError, label, manyMismatch, manyOf } from './cells.js';
import type { Progress, Reference } from './host.js';

/** Deterministic pseudo-random bytes (xorshift32): the same input on every runtime and run. */
export function randomBytes(n: number, seed = 0x9e3779b9): Uint8Array {
  const out = new Uint8Array(n);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    out[i] = x & 0xff;
  }
  return out;
}

const utf8 = new TextEncoder();

/** The inputs of a run and their expected digests, each made once. */
function expectations(reference: Reference, manyCount: number, manySize: number) {
  const inputs = new Map<number, Uint8Array>();
  const inputOf = (n: number) => {
    let b = inputs.get(n);
    if (!b) {
      b = randomBytes(n, 0x9e3779b9 ^ n);
      inputs.set(n, b);
    }
    return b;
  };
  const expectedCache = new Map<string, Promise<string>>();
  const fallbackNotes = new Set<string>();
  /**
   * The expected digest: the reference (node:crypto in the CLI). Where it lacks the algorithm (MD2: OpenSSL 3 has
   * none), our `ts` provider: its MD2 is proven against RFC 1319's test suite and Java's MessageDigest vectors
   * (vectors/md2-java.txt) by the library's own tests, and on the seed input it is checked below against Java's
   * digest (vectors/seed-java.txt) on every run. A peer that disagrees is therefore wrong, not the reference.
   */
  const referenceHex = async (algorithm: AlgorithmName, data: Uint8Array): Promise<string> => {
    const d = await reference.digest(algorithm, data);
    if (d) return bytesHex(d);
    fallbackNotes.add(algorithm);
    return bytesHex(digest(algorithm, data, { provider: 'ts' }));
  };
  const expectedHex = (algorithm: AlgorithmName, key: string, data: Uint8Array): Promise<string> => {
    const k = `${algorithm}|${key}`;
    let p = expectedCache.get(k);
    if (!p) {
      p = (async () => {
        const hex = await referenceHex(algorithm, data);
        const java = SEED_JAVA_HEX[algorithm];
        if (key === 'seed' && java && hex !== java) {
          throw new Error(`reference ${reference.name} gives ${hex} for ${algorithm} of the seed; Java gives ${java}`);
        }
        return hex;
      })();
      expectedCache.set(k, p);
    }
    return p;
  };
  // Many workload: N messages of S bytes, each its own Uint8Array (as a user's separate messages are), and each
  // one's expected digest from the reference, computed once per algorithm.
  let manyMessages: Uint8Array[] | undefined;
  const messagesOfMany = () => {
    if (!manyMessages) {
      const all = randomBytes(manyCount * manySize, 0x85ebca6b);
      manyMessages = Array.from({ length: manyCount }, (_, i) => all.slice(i * manySize, (i + 1) * manySize));
    }
    return manyMessages;
  };
  const expectedManyCache = new Map<AlgorithmName, Promise<string[]>>();
  const expectedManyHex = (algorithm: AlgorithmName): Promise<string[]> => {
    let p = expectedManyCache.get(algorithm);
    if (!p) {
      p = (async () => {
        const out: string[] = [];
        for (const m of messagesOfMany()) out.push(await referenceHex(algorithm, m));
        return out;
      })();
      expectedManyCache.set(algorithm, p);
    }
    return p;
  };
  /**
   * The hmac workload's expected MAC of the seed string: the reference's HMAC, or where it lacks one (MD2), our `ts`
   * provider's, which the library's tests check against RFC 2104's formula over an independent MD2.
   */
  const hmacFallbackNotes = new Set<string>();
  const expectedHmacCache = new Map<AlgorithmName, Promise<string>>();
  const expectedHmacHex = (algorithm: AlgorithmName): Promise<string> => {
    let p = expectedHmacCache.get(algorithm);
    if (!p) {
      p = (async () => {
        const mac = await reference.hmac?.(algorithm, HMAC_KEY, utf8.encode(SEED_INPUT));
        if (mac) return bytesHex(mac);
        hmacFallbackNotes.add(algorithm);
        return hmacHex(algorithm, HMAC_KEY, SEED_INPUT, { provider: 'ts' });
      })();
      expectedHmacCache.set(algorithm, p);
    }
    return p;
  };
  const streamInput = (chunk: Uint8Array) => {
    const all = new Uint8Array(chunk.length * 3);
    for (let i = 0; i < 3; i++) all.set(chunk, i * chunk.length);
    return all;
  };

  return {
    inputOf,
    expectedHex,
    expectedHmacHex,
    messagesOfMany,
    expectedManyHex,
    streamInput,
    fallbackNotes,
    hmacFallbackNotes,
  };
}

/**
 * Checks every `ok` cell, in order; a cell that is wrong, or cannot take its workload, gets that status. Returns
 * the messages for the report (what was wrong, which algorithms the reference lacked). Throws only when the
 * reference itself disagrees with Java on the seed: then no verdict could be trusted.
 */
export async function checkCells(
  cells: readonly Cell[],
  reference: Reference,
  shape: { manyCount: number; manySize: number },
  onProgress: (p: Progress) => void,
  onChecked: (cell: Cell) => void,
): Promise<string[]> {
  const messages: string[] = [];
  const {
    inputOf,
    expectedHex,
    expectedHmacHex,
    messagesOfMany,
    expectedManyHex,
    streamInput,
    fallbackNotes,
    hmacFallbackNotes,
  } = expectations(reference, shape.manyCount, shape.manySize);
  const prepared = new Map<string, Promise<Prepared | Error>>();
  const toCheck = cells.filter((c) => c.status === 'ok');
  let done = 0;
  const checkOne = async (cell: Cell): Promise<void> => {
    const key = `${cell.row.id}|${cell.algorithm}`;
    let pp = prepared.get(key);
    if (!pp) {
      pp = cell.row.prepare(cell.algorithm).catch((e: unknown) => (e instanceof Error ? e : new Error(String(e))));
      prepared.set(key, pp);
    }
    const p = await pp;
    if (p instanceof Error) {
      cell.status = 'skipped';
      const m = `${cell.row.id} ${cell.algorithm}: could not load (${p.message})`;
      if (!messages.includes(m)) messages.push(m);
      return;
    }
    cell.prepared = p;
    try {
      let got: Output;
      if (cell.workload === 'seed') {
        if (!p.hex) {
          cell.status = 'unavailable';
          return;
        }
        cell.input = SEED_INPUT;
        cell.expected = await expectedHex(cell.algorithm, 'seed', utf8.encode(SEED_INPUT));
        got = await p.hex(SEED_INPUT);
      } else if (cell.workload === 'hmac') {
        if (!p.hmac) {
          cell.status = 'unavailable';
          return;
        }
        cell.input = SEED_INPUT;
        cell.expected = await expectedHmacHex(cell.algorithm);
        got = await (await p.hmac(HMAC_KEY))(SEED_INPUT);
      } else if (cell.workload === 'many') {
        const many = manyOf(p);
        if (!many) {
          cell.status = 'unavailable';
          return;
        }
        cell.messages = messagesOfMany();
        cell.expectedMany = await expectedManyHex(cell.algorithm);
        const wrong = manyMismatch(many(cell.messages), cell.expectedMany);
        if (wrong) {
          cell.status = 'wrong';
          messages.push(`WRONG ${label(cell)}: ${wrong}`);
        }
        return;
      } else if (cell.workload === 'sizes') {
        if (!p.bytes) {
          cell.status = 'unavailable';
          return;
        }
        const input = inputOf(cell.size);
        cell.input = input;
        cell.expected = await expectedHex(cell.algorithm, `sizes:${cell.size}`, input);
        got = await p.bytes(input);
      } else {
        if (!p.stream) {
          cell.status = 'unavailable';
          return;
        }
        const chunk = inputOf(cell.size);
        cell.input = chunk;
        const h = await p.stream();
        for (let i = 0; i < 3; i++) h.update(chunk);
        got = h.finish();
        cell.expected = await expectedHex(cell.algorithm, `stream:${cell.size}`, streamInput(chunk));
      }
      const hex = outputHex(got);
      if (hex !== cell.expected) {
        cell.status = 'wrong';
        messages.push(`WRONG ${label(cell)}: got ${hex.slice(0, 40)}…, expected ${cell.expected.slice(0, 40)}…`);
      }
    } catch (e) {
      if (e instanceof Error && e.message.startsWith('reference ')) throw e;
      cell.status = 'wrong';
      messages.push(`WRONG ${label(cell)}: threw ${describeError(e)}`);
    }
  };
  for (const cell of toCheck) {
    onProgress({ phase: 'check', done, total: toCheck.length, label: label(cell) });
    await checkOne(cell);
    done++;
    onChecked(cell);
  }
  for (const a of hmacFallbackNotes) {
    messages.push(
      `HMAC-${a}: ${reference.name} lacks it; checked against digestlab's ts provider (tested against RFC 2104's formula over an independent ${a})`,
    );
  }
  for (const a of fallbackNotes) {
    messages.push(
      `${a}: ${reference.name} lacks it; checked against digestlab's ts provider (tested against RFC and Java vectors; on the seed input also against Java's digest)`,
    );
  }
  return messages;
}
