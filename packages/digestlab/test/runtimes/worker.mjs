// checks.mjs's entry in workerd (a module Worker): GET answers the checks' result, or the error they threw, as JSON.
import { check } from './checks.mjs';

export default {
  async fetch() {
    try {
      return Response.json(await check());
    } catch (e) {
      return Response.json({ error: String(e?.stack ?? e) });
    }
  },
};
