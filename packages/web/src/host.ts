/**
 * The browser's Host for the lab's engine (the CLI's is node-host.ts): the reference digests, the device, and the
 * installed versions of the peers. Runs in the Worker, where the bench runs.
 */
import { type DeviceInfo, type Host, type Reference, runtimeFacts } from '@digestlab/lab';
import { type AlgorithmName, algorithms, digest } from 'digestlab';

declare const __PACKAGE_VERSIONS__: Record<string, string>;

/** What WebCrypto computes everywhere, from the library's registry (no MD2, MD5, SHA-224 nor SHA-512/t). */
const SUBTLE_ALGORITHMS: readonly string[] = algorithms().flatMap((a) => (a.webCrypto === 'always' ? [a.name] : []));

function subtle(): SubtleCrypto | undefined {
  return (globalThis as { crypto?: Crypto }).crypto?.subtle;
}

/** One digest the reference gave: the run's rows were checked against it (a row that differs is WRONG). */
export interface CheckedDigest {
  algorithm: string;
  length: number;
  /** The input's first 16 bytes, hex: enough for a test to tell which input it was. */
  head: string;
  hex: string;
}

const HEX = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');

/**
 * WebCrypto where the browser has it (and the algorithm), else our `ts` provider: proven by the library's
 * known-answer tests, in this browser too (npm run test:browser). Outside a secure context (plain HTTP on a LAN
 * address) there is no crypto.subtle, so every reference digest is `ts`'s. Each (algorithm, length) first seen is
 * recorded, so the page can show what the rows were checked against.
 */
export function browserReference(record: (d: CheckedDigest) => void): Reference {
  const seen = new Set<string>();
  const s = subtle();
  return {
    name: s
      ? "WebCrypto (crypto.subtle); digestlab's ts provider for MD2, MD5, SHA-224, SHA-512/t"
      : "digestlab's ts provider (no crypto.subtle: not a secure context)",
    async digest(algorithm: AlgorithmName, data: Uint8Array) {
      const d =
        s && SUBTLE_ALGORITHMS.includes(algorithm)
          ? new Uint8Array(await s.digest(algorithm, data as Uint8Array<ArrayBuffer>))
          : digest(algorithm, data, { provider: 'ts' });
      const key = `${algorithm}|${data.length}`;
      if (!seen.has(key)) {
        seen.add(key);
        record({ algorithm, length: data.length, head: HEX(data.subarray(0, 16)), hex: HEX(d) });
      }
      return d;
    },
  };
}

/** WebAssembly SIMD: a module using one v128 instruction validates (the check wasm-feature-detect uses). */
function wasmSimd(): boolean {
  const bytes = [
    0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11,
  ];
  try {
    return typeof WebAssembly === 'object' && WebAssembly.validate(new Uint8Array(bytes));
  } catch {
    return false;
  }
}

/** The smallest non-zero step of performance.now() over a few steps: browsers coarsen it (and add jitter). */
function timerResolution(): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    let t1 = t0;
    while (t1 === t0) t1 = performance.now();
    best = Math.min(best, t1 - t0);
  }
  return Math.round(best * 1e4) / 1e4;
}

export function deviceInfo(): DeviceInfo {
  const g = globalThis as { isSecureContext?: boolean; crossOriginIsolated?: boolean };
  return {
    userAgent: navigator.userAgent,
    hardwareConcurrency: navigator.hardwareConcurrency ?? 0,
    wasmSimd: wasmSimd(),
    secureContext: g.isSecureContext === true,
    crossOriginIsolated: g.crossOriginIsolated === true,
    timerResolutionMs: timerResolution(),
  };
}

/** The platform as the browser names it (userAgentData where it exists: navigator.platform is frozen in Chromium). */
function platform(): string {
  const n = navigator as Navigator & { userAgentData?: { platform?: string; mobile?: boolean } };
  const p = n.userAgentData?.platform || navigator.platform || 'unknown';
  return n.userAgentData?.mobile ? `${p} (mobile)` : p;
}

/** This browser as a report's env says it. `link`: the page's query string, the run's "command line" (opening it
 * again repeats the run). */
export function browserEnv(link: string) {
  const device = deviceInfo();
  return {
    ...runtimeFacts(),
    cpu: 'unknown (browsers do not say)',
    cores: device.hardwareConcurrency,
    os: platform(),
    device,
    command: link,
  };
}

export function browserHost(record: (d: CheckedDigest) => void, link: string, extra: Partial<Host> = {}): Host {
  return {
    reference: browserReference(record),
    versionOf: (pkg) => __PACKAGE_VERSIONS__[pkg],
    env: browserEnv(link),
    ...extra,
  };
}
