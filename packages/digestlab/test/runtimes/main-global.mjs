// checks.mjs's entry for a runtime that runs one script and has no console worth reading (QuickJS): its result,
// or the error it threw, as JSON in globalThis.__digestlabCheck.
import { check } from './checks.mjs';

check().then(
  (result) => {
    globalThis.__digestlabCheck = JSON.stringify(result);
  },
  (e) => {
    globalThis.__digestlabCheck = JSON.stringify({ error: String(e?.stack ?? e) });
  },
);
