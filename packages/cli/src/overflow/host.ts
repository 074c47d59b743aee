/**
 * What this Node process gives the overflow plan and document: the references run beside the selected providers
 * (node:crypto for what it has, hash-wasm's createKeccak for Keccak, which OpenSSL 3.0 lacks, its createBLAKE3 for
 * BLAKE3, which no OpenSSL has, and its createBLAKE2b and createBLAKE2s for the BLAKE2 lengths OpenSSL lacks, all but
 * BLAKE2b-512 and BLAKE2s-256), installed versions, and the facts of this machine.
 */
import os from 'node:os';
import { type Row, runtimeFacts } from '@digestlab/lab';
import {
  blake2bReference,
  blake2sReference,
  blake3Reference,
  keccakReference,
  type OverflowEnv,
  type OverflowPlanHost,
  type PlanReference,
  type ZeroVectors,
} from '@digestlab/lab/overflow';
import { nodeCryptoRow, versionOf } from '../node-host.js';
import { cores } from './flags.js';

/** The plan's host under Node: its references among `rows`, the stored vectors (and their name), versions. */
export function nodePlanHost(rows: readonly Row[], loaded: { vectors?: ZeroVectors; name: string }): OverflowPlanHost {
  const references: PlanReference[] = [
    { row: nodeCryptoRow, source: `node:crypto (${runtimeFacts().cryptoLibrary ?? 'the runtime'}) in this run` },
  ];
  for (const reference of [keccakReference, blake3Reference, blake2bReference, blake2sReference]) {
    const r = reference(rows, versionOf('hash-wasm') ?? null);
    if (r) references.push(r);
  }
  return {
    reference: references,
    ...(loaded.vectors ? { vectors: loaded.vectors } : {}),
    vectorsName: loaded.name,
    versionOf: (library) => versionOf(library) ?? null,
  };
}

/** What the document says of this machine and runtime. */
export function nodeEnv(): OverflowEnv {
  return {
    ...runtimeFacts(),
    cpu: os.cpus()[0]?.model?.trim() ?? 'unknown',
    cores: cores(),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    date: new Date().toISOString(),
  };
}
