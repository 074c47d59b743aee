// npm run test:mutation:ci: the part of npm run test:mutation that .ci/run can afford on two cores (~15 minutes),
// with the score it must keep. Everything else is stryker.config.json's. What each scope scored:
// CORRECTNESS.md#scope-and-the-latest-scores; why these files: docs/decisions/mutation-ci-scope.md.
import { readFileSync } from 'node:fs';

const base = JSON.parse(readFileSync(new URL('./stryker.config.json', import.meta.url), 'utf8'));
delete base.$schema;
delete base._comment;

export default {
  ...base,
  mutate: [
    'packages/digestlab/src/shared/state-envelope.ts',
    'packages/digestlab/src/constructions/state.ts',
    'packages/digestlab/src/constructions/*/state.ts',
    // the checksums' buffering (their state codec is the line above's)
    'packages/digestlab/src/constructions/checksum/checksum.ts',
    'packages/digestlab/src/providers/webcrypto.ts',
    'packages/lab/src/overflow/verdict.ts',
    'packages/lab/src/overflow/settle.ts',
    'packages/lab/src/size.ts',
  ],
  reporters: ['clear-text', 'progress', 'json'],
  // a score under `break` fails the run. `break` stands just under the scope's last measured score (95.27% on
  // 97a1341, CORRECTNESS.md); how it moved and why: docs/decisions/mutation-break-threshold.md
  thresholds: { high: 95, low: 90, break: 93 },
};
