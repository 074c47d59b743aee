// Lists the mutants Stryker's last run (npm run test:mutation) left alive: survived or not covered, by file and
// line, with the original line and what Stryker put there. Reads reports/mutation/mutation.json.
//   node scripts/mutation-survivors.mjs [--summary]
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const report = JSON.parse(
  readFileSync(fileURLToPath(new URL('../reports/mutation/mutation.json', import.meta.url)), 'utf8'),
);
const alive = new Set(['Survived', 'NoCoverage']);
const summary = process.argv.includes('--summary');
for (const [file, { source, mutants }] of Object.entries(report.files)) {
  const lines = source.split('\n');
  const left = mutants.filter((m) => alive.has(m.status)).sort((a, b) => a.location.start.line - b.location.start.line);
  const detected = mutants.filter((m) => m.status === 'Killed' || m.status === 'Timeout').length;
  const valid = detected + left.length;
  const score = valid === 0 ? 100 : (100 * detected) / valid;
  console.log(`${file}: ${score.toFixed(1)}% (${detected} of ${valid} detected, ${left.length} alive)`);
  if (summary) continue;
  for (const m of left) {
    const at = m.location.start.line;
    const status = m.status === 'NoCoverage' ? 'no coverage' : 'survived';
    console.log(`  ${at} ${status} ${m.mutatorName}: ${lines[at - 1].trim()}  =>  ${m.replacement ?? ''}`);
  }
}
