// cases.mjs as a module Worker for workerd: GET ?prepare, or ?key=&input=&n= (the caller times the request: a
// Worker's clocks stand still while it computes).
import { prepare, run } from './cases.mjs';

let prepared;
export default {
  async fetch(request) {
    const q = new URL(request.url).searchParams;
    prepared ??= prepare();
    const p = await prepared;
    if (q.has('prepare')) return Response.json(p);
    const input = q.get('input') === 'seed' ? 'seed' : Number(q.get('input'));
    return new Response(run(q.get('key'), input, Number(q.get('n'))));
  },
};
