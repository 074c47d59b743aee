// Lists the mutants Stryker left alive: survived or not covered, by file and line, with the original line and what
// Stryker put there, and the score of each file and of all of them. Reads reports/mutation/mutation.json (what
// npm run test:mutation writes), or the reports named; when several reports have a file, the last one named counts,
// so runs of a few files at a time add up to the score of the whole scope.
//   node scripts/measure/mutation-survivors.mjs [--summary] [report.json ...]
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const summary = args.includes('--summary');
const paths = args.filter((a) => a !== '--summary');
if (paths.length === 0) paths.push(fileURLToPath(new URL('../../reports/mutation/mutation.json', import.meta.url)));

const files = {};
for (const path of paths) Object.assign(files, JSON.parse(readFileSync(path, 'utf8')).files);

const alive = new Set(['Survived', 'NoCoverage']);
const detectedStatus = new Set(['Killed', 'Timeout']);
let allDetected = 0;
let allAlive = 0;
for (const [file, { source, mutants }] of Object.entries(files).sort(([a], [b]) => a.localeCompare(b))) {
  const lines = source.split('\n');
  const left = mutants.filter((m) => alive.has(m.status)).sort((a, b) => a.location.start.line - b.location.start.line);
  const detected = mutants.filter((m) => detectedStatus.has(m.status)).length;
  const ignored = mutants.filter((m) => m.status === 'Ignored').length;
  allDetected += detected;
  allAlive += left.length;
  const valid = detected + left.length;
  const score = valid === 0 ? 100 : (100 * detected) / valid;
  const extra = ignored > 0 ? `, ${ignored} ignored` : '';
  console.log(`${file}: ${score.toFixed(1)}% (${detected} of ${valid} detected, ${left.length} alive${extra})`);
  if (summary) continue;
  for (const m of left) {
    const at = m.location.start.line;
    const status = m.status === 'NoCoverage' ? 'no coverage' : 'survived';
    console.log(`  ${at} ${status} ${m.mutatorName}: ${lines[at - 1].trim()}  =>  ${m.replacement ?? ''}`);
  }
}
const total = allDetected + allAlive;
const score = total === 0 ? 100 : (100 * allDetected) / total;
console.log(`all: ${score.toFixed(1)}% (${allDetected} of ${total} detected, ${allAlive} alive)`);
