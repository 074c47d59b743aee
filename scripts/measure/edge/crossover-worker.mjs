// crossovers.mjs --workerd's module Worker: digestlab through its `workerd` entry (our WebAssembly as modules), and
// the calls crossovers.mjs times (crossover-calls.mjs). GET ?about → this runtime and the algorithms to measure;
// ?algorithm=&n=&hex=&provider=&hmac=&reps= → makes the calls (the caller times the request: a Worker's clocks stand
// still while it computes).
import * as lib from '../../../packages/digestlab/src/workerd.ts';
import { measurable, oneShotCalls } from '../crossover-calls.mjs';

/** The current case's calls, per provider: made again when the case changes, so one case's inputs are held at once. */
let current = { id: '', calls: new Map() };

export default {
  async fetch(request) {
    const q = new URL(request.url).searchParams;
    const hmac = q.get('hmac') === '1';
    if (q.has('about')) {
      const only = (q.get('only') ?? '').split(',').filter((a) => a !== '');
      return Response.json({ runtime: lib.runtime(), algorithms: measurable(lib, { hmac, only }) });
    }
    const spec = { algorithm: q.get('algorithm'), n: Number(q.get('n')), hex: q.get('hex') === '1', hmac };
    const id = JSON.stringify(spec);
    if (current.id !== id) current = { id, calls: new Map() };
    const provider = q.get('provider');
    let calls = current.calls.get(provider);
    if (!calls) {
      calls = oneShotCalls(lib, { ...spec, provider });
      current.calls.set(provider, calls);
    }
    return new Response(String(calls(Number(q.get('reps')))));
  },
};
