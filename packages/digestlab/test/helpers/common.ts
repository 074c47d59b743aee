/** Shared by the test files: the providers to run every suite against, and node:crypto's names. */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type AlgorithmName, algorithms, providers } from '../../src/index.js';

export const ALGORITHMS: AlgorithmName[] = algorithms().map((a) => a.name);

/** node:crypto's name for each algorithm it may have (MD2 is absent from OpenSSL 3). */
export const NODE_NAMES: Record<AlgorithmName, string> = {
  MD2: 'md2',
  MD5: 'md5',
  'SHA-1': 'sha1',
  'SHA-224': 'sha224',
  'SHA-256': 'sha256',
  'SHA-384': 'sha384',
  'SHA-512': 'sha512',
  'SHA-512/224': 'sha512-224',
  'SHA-512/256': 'sha512-256',
};

/** node:crypto as an independent reference (not through our `node` provider). */
export function reference(algorithm: AlgorithmName, data: Uint8Array): string {
  return createHash(NODE_NAMES[algorithm]).update(data).digest('hex');
}

/** Algorithms node:crypto has on this machine. */
export const NODE_HAS: AlgorithmName[] = ALGORITHMS.filter((a) => {
  try {
    createHash(NODE_NAMES[a]);
    return true;
  } catch {
    return false;
  }
});

/** [provider id, algorithm] for every available provider and every algorithm it has here. */
export function providerCases(filter?: { sync?: boolean; streaming?: boolean }): [string, AlgorithmName][] {
  return providers()
    .filter((p) => p.available)
    .filter((p) => filter?.sync === undefined || p.sync === filter.sync)
    .filter((p) => filter?.streaming === undefined || p.streaming === filter.streaming)
    .flatMap((p) => p.algorithms.map((a) => [p.id, a] as [string, AlgorithmName]));
}

/** Path of a file under the repository's vectors/ folder. */
export function vectorPath(name: string): string {
  return fileURLToPath(new URL(`../../../../vectors/${name}`, import.meta.url));
}

export function readVector(name: string): string {
  return readFileSync(vectorPath(name), 'utf8');
}

export function hexToBytes(hex: string): Uint8Array {
  return Uint8Array.from(hex.match(/../g) ?? [], (h) => Number.parseInt(h, 16));
}
