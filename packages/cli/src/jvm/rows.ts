/**
 * The JVM's rows as the lab's rows: what the JVM said it has (its `hello`), each call a round trip to the JVM. Only
 * the check calls them (one digest per cell, compared with the reference by the lab's own check); the timing is done
 * inside the JVM (time.ts), where a call costs what it costs a Java caller.
 */
import type { Prepared, Row } from '@digestlab/lab';
import type { AlgorithmName } from 'digestlab';
import type { CallKind, JvmRowInfo } from './protocol.js';
import type { JvmHello, JvmSession } from './session.js';

/** What to do for a row the JVM could not load (java:BC). */
const BC_HINT = 'pass --jvm-classpath with a bcprov jar, or apt-get install libbcprov-java';

/**
 * Inputs sent to the JVM once each, by identity (the lab makes each input once per run: the seed string, one array
 * per size), so the check and the timing name the same bytes by a short key.
 */
export class JvmInputs {
  private readonly keys = new Map<string | Uint8Array, string>();
  private readonly utf8 = new TextEncoder();

  constructor(private readonly session: Pick<JvmSession, 'input'>) {}

  /** The key of `input`, sent to the JVM first if it has not seen it. */
  keyOf(input: string | Uint8Array): string {
    let key = this.keys.get(input);
    if (key === undefined) {
      key = `i${this.keys.size}`;
      this.session.input(key, typeof input === 'string' ? this.utf8.encode(input) : input);
      this.keys.set(input, key);
    }
    return key;
  }
}

/** One JVM call of the check, as the lab's Prepared expects it (a promise of hex; an unavailable call throws). */
function jvmCall(session: Pick<JvmSession, 'digest'>, inputs: JvmInputs, row: string, algorithm: AlgorithmName) {
  return (kind: CallKind) =>
    async (input: string | Uint8Array): Promise<string> => {
      const reply = await session.digest({ row, algorithm, kind, inputKey: inputs.keyOf(input) });
      if (reply.type === 'digest') return reply.hex;
      throw new Error(reply.type === 'error' ? reply.message : reply.reason);
    };
}

function row(info: JvmRowInfo, note: string, calls: (algorithm: AlgorithmName) => Prepared): Row {
  return {
    id: info.id,
    library: info.library,
    kind: 'peer',
    implementedIn: 'Java',
    note: `${info.call}; ${note}`,
    algorithms: info.algorithms,
    prepare: async (algorithm) => calls(algorithm),
  };
}

/** The seed's function has a string call only: the sizes workload is `unavailable` for it, not wrong. */
const STRING_ONLY = 'java:SUN:seed';

/** The rows of a JVM's hello; the JVM's version and vendor go in each note. */
export function jvmRows(hello: JvmHello, session: Pick<JvmSession, 'digest' | 'input'>, inputs: JvmInputs): Row[] {
  const { vm, vendor, javaVersion } = hello.facts;
  const note = `in a JVM subprocess: ${vm} (${vendor}, Java ${javaVersion})`;
  const rows = hello.rows.map((info) =>
    row(info, note, (algorithm) => {
      const call = jvmCall(session, inputs, info.id, algorithm);
      return {
        async: true,
        hex: call('hex'),
        ...(info.id === STRING_ONLY ? {} : { bytes: call('bytes') }),
      };
    }),
  );
  const skipped = hello.skipped.map(
    (s): Row => ({
      id: s.id,
      library: s.id === 'java:BC' ? 'bcprov' : 'java',
      kind: 'peer',
      implementedIn: 'Java',
      algorithms: [],
      unavailableReason: () => `${s.reason}; ${BC_HINT}`,
      prepare: async () => {
        throw new Error(s.reason);
      },
    }),
  );
  return [...rows, ...skipped];
}
