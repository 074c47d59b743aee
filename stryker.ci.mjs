// npm run test:mutation:ci: the part of npm run test:mutation that .ci/run can afford on two cores (~15 minutes),
// with the score it must keep. Everything else is stryker.config.json's; CORRECTNESS.md says what each scope scored.
import { readFileSync } from 'node:fs';

const base = JSON.parse(readFileSync(new URL('./stryker.config.json', import.meta.url), 'utf8'));
delete base.$schema;
delete base._comment;

export default {
  ...base,
  mutate: [
    'packages/digestlab/src/state.ts',
    'packages/digestlab/src/providers/webcrypto.ts',
    'packages/lab/src/overflow/verdict.ts',
    'packages/lab/src/overflow/settle.ts',
    'packages/lab/src/overflow/size.ts',
  ],
  reporters: ['clear-text', 'progress', 'json'],
  // a score under `break` fails the run. This scope reached 94.3% before SHA-3 and HMAC merged; state.ts (the sponge
  // state kind) and webcrypto.ts (SHA-3 probing) then grew code that no run has measured yet, so `break` stands at
  // 85 until one has (CORRECTNESS.md); raise it to just under the score the next run reaches
  thresholds: { high: 95, low: 90, break: 85 },
};
