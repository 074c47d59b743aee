// checks.mjs's entry for a runtime that runs one script and has no console worth reading (QuickJS, edge-runtime):
// its result, or the error it threw, as JSON in globalThis.__digestlabCheck, set when globalThis.__digestlabDone
// settles.
import { check } from './checks.mjs';

globalThis.__digestlabDone = check().then(
  (result) => {
    globalThis.__digestlabCheck = JSON.stringify(result);
  },
  (e) => {
    globalThis.__digestlabCheck = JSON.stringify({ error: String(e?.stack ?? e) });
  },
);
