/**
 * The runtime this suite runs on, and what the library must say of it. `npm test` runs the suite under Node;
 * `npm run test:bun` and `npm run test:deno` run the same files under Bun and Deno (vitest itself on that runtime)
 * and say so in DIGESTLAB_TEST_RUNTIME, so a runner that quietly fell back to Node fails the runtime test instead
 * of passing it. The expected facts are read from each runtime's own globals, as its documentation names them.
 */
import type { RuntimeName } from '../../src/index.js';

export interface Host {
  runtime: Extract<RuntimeName, 'node' | 'bun' | 'deno'>;
  version: string;
  /** The library behind node:crypto, as `runtime().cryptoLibrary` and the node provider's `library` name it. */
  cryptoLibrary: string;
  /** The node provider's `implementedIn`. */
  implementedIn: 'OpenSSL' | 'BoringSSL';
}

interface Globals {
  Bun?: { version: string };
  Deno?: { version: { deno: string } };
}

function host(): Host {
  const g = globalThis as Globals;
  const versions = process.versions as Record<string, string | undefined>;
  const wanted = process.env.DIGESTLAB_TEST_RUNTIME ?? 'node';
  if (wanted === 'bun' && g.Bun) {
    const commit = versions.boringssl ?? '';
    return {
      runtime: 'bun',
      version: g.Bun.version,
      cryptoLibrary: `BoringSSL ${commit.slice(0, 7)}`,
      implementedIn: 'BoringSSL',
    };
  }
  if (wanted === 'deno' && g.Deno) {
    return {
      runtime: 'deno',
      version: g.Deno.version.deno,
      cryptoLibrary: `OpenSSL ${versions.openssl}`,
      implementedIn: 'OpenSSL',
    };
  }
  if (wanted === 'node' && !g.Bun && !g.Deno) {
    return {
      runtime: 'node',
      version: versions.node ?? '',
      cryptoLibrary: `OpenSSL ${versions.openssl}`,
      implementedIn: 'OpenSSL',
    };
  }
  throw new Error(
    `DIGESTLAB_TEST_RUNTIME says ${wanted}, but this suite runs elsewhere (Bun: ${!!g.Bun}, Deno: ${!!g.Deno})`,
  );
}

/** This suite's runtime; throws at import when it is not the one the npm script asked for. */
export const HOST: Host = host();
