/**
 * The protocol between `digestlab bench --jvm` and its JVM subprocess (java/DigestlabJvm.java), version 1: text
 * lines in UTF-8, fields separated by tabs, the command asking and the JVM answering in order. Plain lines rather
 * than JSON because the JVM side is one source file with no library to parse JSON.
 *
 *   → hello 1 <algorithms, comma-separated>        ← hello 1 <java.version> <java.vendor> <VM name and version>
 *                                                   ← row <id> <library> <version> <algorithms it has> <how it calls>
 *                                                     (one per row; `skip <id> <reason>` for a row it cannot load)
 *                                                   ← ready
 *   → input <key> <base64 bytes>                    (no answer; the seed string is sent as its UTF-8 bytes)
 *   → digest <row> <algorithm> <hex|bytes> <key>    ← digest <hex> | unavailable <reason> | error <message>
 *   → group <sampleMs> <samples> <warmupMs> <minWarmupCalls> <cases> <orders>
 *         cases: `row,algorithm,hex|bytes,key;…`; orders: one per round, `0,2,1;1,0,2;…` (indexes into cases)
 *                                                   ← per case, in order: timed <batch> <last hex> <s/call per sample,
 *                                                     space-separated> | error <message>
 *   → end                                           (the JVM exits)
 *
 * `hex`: the seed workload's call, a string in and hex out; `bytes`: the sizes workload's, bytes in, digest out.
 */
import type { AlgorithmName } from 'digestlab';

export const PROTOCOL_VERSION = '1';

/** A JVM answer that is not what the protocol allows: the JVM program and this module disagree. */
export class JvmProtocolError extends Error {
  override name = 'JvmProtocolError';
}

export type CallKind = 'hex' | 'bytes';

/** One row the JVM offers. */
export interface JvmRowInfo {
  id: string;
  library: string;
  version: string;
  algorithms: AlgorithmName[];
  /** How the row calls MessageDigest, in words. */
  call: string;
}

export interface JvmFacts {
  javaVersion: string;
  vendor: string;
  vm: string;
}

/** A case of a group: which row hashes which input, and how. */
export interface JvmCase {
  row: string;
  algorithm: AlgorithmName;
  kind: CallKind;
  inputKey: string;
}

export interface GroupRequest {
  sampleMs: number;
  samples: number;
  warmupMs: number;
  minWarmupCalls: number;
  cases: readonly JvmCase[];
  /** One per round: the order in which the round samples the cases. */
  orders: readonly (readonly number[])[];
}

export type TimedReply = { type: 'timed'; batch: number; lastHex: string; seconds: number[] } | ErrorReply;
export type DigestReply = { type: 'digest'; hex: string } | { type: 'unavailable'; reason: string } | ErrorReply;
export type ErrorReply = { type: 'error'; message: string };
export type HelloReply =
  | ({ type: 'hello' } & JvmFacts)
  | ({ type: 'row' } & JvmRowInfo)
  | { type: 'skip'; id: string; reason: string }
  | { type: 'ready' };

/** What may not appear inside a field: a tab or line break would split it. */
function checkField(value: string, what: string): string {
  if (/[\t\r\n]/.test(value)) throw new JvmProtocolError(`${what} holds a tab or line break: ${JSON.stringify(value)}`);
  return value;
}

/** The separators inside a group's cases and orders. */
function checkPart(value: string, what: string): string {
  if (/[,;\t\r\n]/.test(value)) throw new JvmProtocolError(`${what} holds a separator: ${JSON.stringify(value)}`);
  return value;
}

const line = (...fields: string[]): string => `${fields.map((f) => checkField(f, 'a field')).join('\t')}\n`;

export function helloRequest(algorithms: readonly AlgorithmName[]): string {
  return line('hello', PROTOCOL_VERSION, algorithms.map((a) => checkPart(a, 'an algorithm')).join(','));
}

export function inputRequest(key: string, bytes: Uint8Array): string {
  return line('input', checkPart(key, 'an input key'), Buffer.from(bytes).toString('base64'));
}

export function digestRequest(c: JvmCase): string {
  return line('digest', c.row, c.algorithm, c.kind, c.inputKey);
}

export function groupRequest(g: GroupRequest): string {
  for (const o of g.orders) {
    if ([...o].sort((a, b) => a - b).some((x, i) => x !== i) || o.length !== g.cases.length) {
      throw new JvmProtocolError(`round order ${o.join(',')} is not a permutation of ${g.cases.length} cases`);
    }
  }
  if (g.orders.length !== g.samples)
    throw new JvmProtocolError(`${g.orders.length} round orders for ${g.samples} samples`);
  const cases = g.cases
    .map((c) => [c.row, c.algorithm, c.kind, c.inputKey].map((p) => checkPart(p, 'a case part')).join(','))
    .join(';');
  const orders = g.orders.map((o) => o.join(',')).join(';');
  return line('group', ...[g.sampleMs, g.samples, g.warmupMs, g.minWarmupCalls].map(String), cases, orders);
}

export const END_REQUEST = 'end\n';

/** A line's fields, with its verb checked against what may come now. */
function fields(text: string, allowed: readonly string[]): string[] {
  const f = text.replace(/\r$/, '').split('\t');
  if (!allowed.includes(f[0])) {
    throw new JvmProtocolError(
      `the JVM answered ${JSON.stringify(text.slice(0, 200))}; expected ${allowed.join(' or ')}`,
    );
  }
  return f;
}

function arity(f: string[], n: number): string[] {
  if (f.length !== n)
    throw new JvmProtocolError(`"${f[0]}" needs ${n - 1} fields, got ${f.length - 1}: ${f.join(' ')}`);
  return f;
}

const HEX = /^[0-9a-f]*$/;

function hexField(value: string): string {
  if (!HEX.test(value)) throw new JvmProtocolError(`not lowercase hex: ${JSON.stringify(value.slice(0, 80))}`);
  return value;
}

/** An answer to `hello`, one line of it. */
export function parseHello(text: string): HelloReply {
  const f = fields(text, ['hello', 'row', 'skip', 'ready']);
  switch (f[0]) {
    case 'hello': {
      const [, version, javaVersion, vendor, vm] = arity(f, 5);
      if (version !== PROTOCOL_VERSION) {
        throw new JvmProtocolError(`the JVM program speaks protocol ${version}, this command ${PROTOCOL_VERSION}`);
      }
      return { type: 'hello', javaVersion, vendor, vm };
    }
    case 'row': {
      const [, id, library, version, algorithms, call] = arity(f, 6);
      const list = algorithms === '' ? [] : (algorithms.split(',') as AlgorithmName[]);
      return { type: 'row', id, library, version, algorithms: list, call };
    }
    case 'skip': {
      const [, id, reason] = arity(f, 3);
      return { type: 'skip', id, reason };
    }
    default:
      arity(f, 1);
      return { type: 'ready' };
  }
}

export function parseDigest(text: string): DigestReply {
  const f = arity(fields(text, ['digest', 'unavailable', 'error']), 2);
  if (f[0] === 'digest') return { type: 'digest', hex: hexField(f[1]) };
  if (f[0] === 'unavailable') return { type: 'unavailable', reason: f[1] };
  return { type: 'error', message: f[1] };
}

/** An answer to `group`, one line per case; `samples` is how many the group asked for. */
export function parseTimed(text: string, samples: number): TimedReply {
  const f = fields(text, ['timed', 'error']);
  if (f[0] === 'error') return { type: 'error', message: arity(f, 2)[1] };
  const [, batch, lastHex, list] = arity(f, 4);
  const seconds = list.split(' ').map(Number);
  if (seconds.length !== samples || seconds.some((s) => !Number.isFinite(s) || s <= 0)) {
    throw new JvmProtocolError(`expected ${samples} positive seconds per call, got "${list}"`);
  }
  const n = Number(batch);
  if (!Number.isInteger(n) || n < 1) throw new JvmProtocolError(`batch must be a positive integer, got "${batch}"`);
  return { type: 'timed', batch: n, lastHex: hexField(lastHex), seconds };
}
