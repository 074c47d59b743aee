/**
 * A JVM subprocess running java/DigestlabJvm.java, spoken to line by line (protocol.ts): a request written to its
 * stdin, its answer read from its stdout. Requests go one at a time; the JVM answers in order.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { AlgorithmName } from 'digestlab';
import {
  type DigestReply,
  digestRequest,
  END_REQUEST,
  type GroupRequest,
  groupRequest,
  helloRequest,
  inputRequest,
  type JvmCase,
  type JvmFacts,
  JvmProtocolError,
  type JvmRowInfo,
  parseDigest,
  parseHello,
  parseTimed,
  type TimedReply,
} from './protocol.js';

/** The Java program, beside src/ and dist/ in the package (both are one folder deep under it). */
export const JVM_SOURCE = fileURLToPath(new URL('../../java/DigestlabJvm.java', import.meta.url));

/** The JVM went away, or never came: what it printed on stderr says why. */
export class JvmExitedError extends Error {
  override name = 'JvmExitedError';
}

export interface JvmHello {
  facts: JvmFacts;
  rows: JvmRowInfo[];
  /** Rows the JVM could not load, with why (java:BC without a BouncyCastle jar). */
  skipped: { id: string; reason: string }[];
}

export class JvmSession {
  private readonly lines: string[] = [];
  private waiting: ((line: string | undefined) => void) | undefined;
  private buffered = '';
  private stderr = '';
  private closed = false;

  private constructor(private readonly child: ChildProcessWithoutNullStreams) {
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => this.receive(chunk));
    child.stderr.on('data', (chunk: string) => {
      this.stderr += chunk;
    });
    child.on('close', () => this.close());
    child.on('error', (e) => {
      this.stderr += e.message;
      this.close();
    });
    child.stdin.on('error', () => undefined); // a JVM that exited early: its stderr tells why
  }

  /** Starts `java [--class-path cp] DigestlabJvm.java` (single-file source mode, JDK 11+). */
  static start(java: string, classpath: string | undefined): JvmSession {
    const args = [...(classpath ? ['--class-path', classpath] : []), JVM_SOURCE];
    return new JvmSession(spawn(java, args, { stdio: ['pipe', 'pipe', 'pipe'] }));
  }

  private receive(chunk: string): void {
    this.buffered += chunk;
    for (let i = this.buffered.indexOf('\n'); i >= 0; i = this.buffered.indexOf('\n')) {
      this.push(this.buffered.slice(0, i));
      this.buffered = this.buffered.slice(i + 1);
    }
  }

  private push(line: string | undefined): void {
    const w = this.waiting;
    if (w) {
      this.waiting = undefined;
      w(line);
    } else if (line !== undefined) this.lines.push(line);
  }

  private close(): void {
    if (this.closed) return;
    this.closed = true;
    this.push(undefined);
  }

  /** The next line the JVM prints; throws {@link JvmExitedError} when it has exited instead. */
  private async next(): Promise<string> {
    const line =
      this.lines.shift() ??
      (this.closed ? undefined : await new Promise<string | undefined>((r) => (this.waiting = r)));
    if (line === undefined) {
      throw new JvmExitedError(`the JVM exited${this.stderr.trim() ? `: ${this.stderr.trim()}` : ''}`);
    }
    return line;
  }

  private send(text: string): void {
    this.child.stdin.write(text);
  }

  /** Says hello: the JVM's facts and its rows, each with the algorithms of `algorithms` it has. */
  async hello(algorithms: readonly AlgorithmName[]): Promise<JvmHello> {
    this.send(helloRequest(algorithms));
    const out: JvmHello = { facts: { javaVersion: '', vendor: '', vm: '' }, rows: [], skipped: [] };
    for (;;) {
      const reply = parseHello(await this.next());
      if (reply.type === 'ready') return out;
      if (reply.type === 'hello') out.facts = { javaVersion: reply.javaVersion, vendor: reply.vendor, vm: reply.vm };
      else if (reply.type === 'skip') out.skipped.push({ id: reply.id, reason: reply.reason });
      else {
        const { type: _, ...row } = reply;
        out.rows.push(row);
      }
    }
  }

  input(key: string, bytes: Uint8Array): void {
    this.send(inputRequest(key, bytes));
  }

  async digest(c: JvmCase): Promise<DigestReply> {
    this.send(digestRequest(c));
    return parseDigest(await this.next());
  }

  async group(g: GroupRequest): Promise<TimedReply[]> {
    this.send(groupRequest(g));
    const out: TimedReply[] = [];
    for (let i = 0; i < g.cases.length; i++) out.push(parseTimed(await this.next(), g.samples));
    return out;
  }

  /** Asks the JVM to exit, and waits until it has. */
  async end(): Promise<void> {
    if (!this.closed) this.send(END_REQUEST);
    this.child.stdin.end();
    while (!this.closed) {
      const line = await this.next().catch(() => undefined);
      if (line !== undefined) throw new JvmProtocolError(`the JVM printed after "end": ${line}`);
    }
  }

  /** Ends the JVM at once (after an error). */
  kill(): void {
    if (!this.closed) this.child.kill();
  }
}
