/**
 * The seed call's ablation in a browser page (bundled and served by scripts/measure/seed-call-ablation.mjs --browser):
 * the WebAssembly compiled asynchronously, as a browser's main thread requires, the rounds timed on `performance.now()`
 * (fine-grained, since the page is served cross-origin isolated), and the results POSTed back to the script.
 * `base`: another copy of the library's `digestHex` (--base), whose public calls join the rounds.
 */
import { ready } from '../../../packages/digestlab/src/index.ts';
import { baseRows, measure } from './variants.mjs';

export async function start(base) {
  const params = new URLSearchParams(location.search);
  const post = (body) => fetch(`/result?token=${params.get('token')}`, { method: 'POST', body: JSON.stringify(body) });
  try {
    await ready();
    const results = await measure({
      algorithms: params.get('algorithms').split(','),
      rounds: Number(params.get('rounds')),
      calls: Number(params.get('calls')),
      now: () => performance.now(),
      extra: (alg) => (base ? baseRows(base, alg) : {}),
      bytes: params.has('bytes') ? Number(params.get('bytes')) : undefined,
      reference: params.get('reference') ?? undefined,
    });
    await post({ userAgent: navigator.userAgent, isolated: globalThis.crossOriginIsolated === true, results });
  } catch (e) {
    await post({ error: String(e?.stack ?? e) });
  }
}
