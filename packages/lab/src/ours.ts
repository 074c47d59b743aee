/** Our providers as rows: each is called through digestlab's public API, exactly as a user would call it. */
import {
  type AlgorithmName,
  createDigest,
  digest,
  digestAsync,
  digestHex,
  digestHexAsync,
  type ProviderId,
  providers,
} from 'digestlab';
import { type ImplementedIn, type Prepared, type Row, underNode } from './rows.js';

function providerRow(id: ProviderId): Row {
  const info = () => providers().find((p) => p.id === id);
  const initial = info();
  const implementedIn: ImplementedIn = initial?.implementedIn ?? 'TypeScript';
  const sync = initial?.sync ?? true;
  return {
    id,
    library: 'digestlab',
    kind: 'ours',
    implementedIn,
    ...(sync
      ? {}
      : {
          note: underNode()
            ? 'async one-shot, awaited per call (under Node: OpenSSL, run on the libuv thread pool)'
            : 'async one-shot, awaited per call',
        }),
    // Whatever this runtime has; a provider that is unavailable here lists none and is skipped as a whole.
    algorithms: initial?.algorithms ?? [],
    unavailableReason: () => {
      const p = info();
      if (!p) return `digestlab has no provider "${id}"`;
      return p.available ? undefined : (p.reason ?? 'not available on this runtime');
    },
    async prepare(algorithm: AlgorithmName): Promise<Prepared> {
      const options = { provider: id };
      if (!sync) {
        return {
          async: true,
          hex: (s) => digestHexAsync(algorithm, s, options),
          bytes: (d) => digestAsync(algorithm, d, options),
        };
      }
      return {
        async: false,
        hex: (s) => digestHex(algorithm, s, options),
        bytes: (d) => digest(algorithm, d, options),
        stream: () => {
          const d = createDigest(algorithm, options);
          return { update: (chunk) => void d.update(chunk), finish: () => d.digest() };
        },
      };
    },
  };
}

/** `ts`, `node`, `webcrypto`, and any provider the library adds later. */
export function ourRows(): Row[] {
  return providers().map((p) => providerRow(p.id));
}
