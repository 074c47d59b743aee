/** jsSHA: SHA-1, SHA-2, SHA-3 and SHAKE under our names. */
import type { AlgorithmName } from 'digestlab';
import { macAlgorithms, type Prepared, type Row } from '../rows.js';
import { cjs, defaultOutputBits, lacks, lazy } from './util.js';

interface JsSHA {
  update(m: string | Uint8Array): JsSHA;
  getHash(format: 'HEX', options?: { outputLen: number }): string;
  getHash(format: 'UINT8ARRAY', options?: { outputLen: number }): Uint8Array;
}
type JsSHACtor = new (
  variant: string,
  inputFormat: 'TEXT' | 'UINT8ARRAY',
  options?: { encoding?: 'UTF8'; hmacKey?: { value: Uint8Array; format: 'UINT8ARRAY' } },
) => JsSHA;
/** jsSHA's variant names are ours, SHA-3 and SHAKE included. */
const JSSHA_ALGORITHMS: readonly AlgorithmName[] = [
  'SHA-1',
  'SHA-224',
  'SHA-256',
  'SHA-384',
  'SHA-512',
  'SHA3-224',
  'SHA3-256',
  'SHA3-384',
  'SHA3-512',
  'SHAKE128',
  'SHAKE256',
];
const jsshaMod = lazy(async () => cjs<JsSHACtor>(await import('jssha')));

export const jsshaRow: Row = {
  id: 'jssha',
  library: 'jssha',
  kind: 'peer',
  implementedIn: 'JavaScript',
  algorithms: JSSHA_ALGORITHMS,
  hmacAlgorithms: macAlgorithms(JSSHA_ALGORITHMS),
  async prepare(algorithm): Promise<Prepared> {
    if (!JSSHA_ALGORITHMS.includes(algorithm)) lacks('jssha', algorithm);
    const JsSHA = await jsshaMod();
    // SHAKE's output length, in bits for jsSHA: our default
    const bits = defaultOutputBits(algorithm);
    const out = bits === undefined ? undefined : { outputLen: bits };
    return {
      async: false,
      hex: (s) => new JsSHA(algorithm, 'TEXT', { encoding: 'UTF8' }).update(s).getHash('HEX', out),
      hmac: (key) => (s) =>
        new JsSHA(algorithm, 'TEXT', { encoding: 'UTF8', hmacKey: { value: key, format: 'UINT8ARRAY' } })
          .update(s)
          .getHash('HEX'),
      bytes: (d) => new JsSHA(algorithm, 'UINT8ARRAY').update(d).getHash('UINT8ARRAY', out),
      stream: () => {
        const h = new JsSHA(algorithm, 'UINT8ARRAY');
        return { update: (c) => void h.update(c), finish: () => h.getHash('UINT8ARRAY', out) };
      },
    };
  },
};
