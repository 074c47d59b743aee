/**
 * The shape of what the tests know of each algorithm, one file a family beside this one (md5.ts, sha2.ts, …), read by
 * the suites that go over every algorithm (kat.test.ts, api.test.ts, boundaries.test.ts) through ./index.ts. Every
 * fact here is written down apart from the library (from the standards, other programs and the library's documented
 * promises), never read from it: the suites hold the library to it.
 */
import type { AlgorithmName, Family } from '../../src/index.js';
import type { MdReference } from '../helpers/md-reference.js';

/** Who computes an algorithm on Node 20 here, in `providers()`'s order. */
export type KnownProvider = 'ts' | 'wasm' | 'node' | 'webcrypto';

export interface KnownAlgorithm {
  /** node:crypto's name, as `algorithms()` must give it (never used to compute a reference). */
  nodeName: string;
  digestLength: number;
  blockLength: number;
  /** Its OIDs, in the registry's order (none for most checksums and for Keccak). */
  oids: string[];
  /** The byte an exported state names it by. */
  code: number;
  /** Bytes of an exported state before the buffered ones. */
  chain: number;
  /** Collisions can be found in practice. */
  broken: boolean;
  /** Spellings that name it (each also in lower and upper case). */
  accepted: string[];
  /** The providers that have it on Node 20 (OpenSSL 3.0). */
  providers: KnownProvider[];
  /** node:crypto has it on the runtimes whose library is newer (helpers/common.ts' NEWER_IN_NODE), not on Node 20's. */
  nodeWhereNewer?: true;
  /**
   * Its functions in a family entry point (`digestlab/md5`): `module` is the file under src/, `name` the one-shot's
   * (`md5`; then `md5Hex` and `createMd5`). Absent for the checksums, which have none.
   */
  entry?: { module: string; name: string };
  /** The digest of the empty input, as hex; where it comes from is the family's `sources`. */
  empty: string;
  /** The digest of 1,000,000 bytes 'a', as hex. */
  millionA: string;
  /** A Merkle–Damgård hash's BigInt reference (helpers/md-reference.ts), which boundaries.test.ts continues states with. */
  boundaryReference?: MdReference;
}

export interface KnownFamily {
  /** The family, as `algorithms()` names it. */
  family: Family;
  /** Where the empty-input and one-million-'a' digests come from (the program and command, or the document). */
  sources: string;
  /** Its algorithms, in the registry's order. */
  algorithms: Partial<Record<AlgorithmName, KnownAlgorithm>>;
  /**
   * An independent reference, as hex, for an algorithm that neither node:crypto nor helpers/common.ts' others have
   * (helpers/common.ts' `reference` asks this first).
   */
  reference?: (algorithm: AlgorithmName, data: Uint8Array, outputLength?: number) => string;
}
