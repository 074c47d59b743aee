#!/usr/bin/env node
/**
 * Where `digestlab sum`'s start goes, step by step in one process: CPU (user + system) and wall milliseconds of
 * Node's own start, process.stdout, the CLI's entry, the `sum` command, its body, and the run (arguments, what it
 * loads for its algorithm, hashing, printing), and how many of Node's built-in modules each step loaded. One JSON
 * line per run; run it several times and take medians (docs/decisions/sum-start.md):
 *
 *   : > /tmp/empty && for i in $(seq 10); do
 *     node scripts/measure/sum-start-items.mjs packages/cli -a blake3 /tmp/empty; done
 *
 * CLI_ROOT is a built packages/cli (another checkout's, to compare); the output of `sum` goes to stderr.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const cpu = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
const steps = [['node start', cpu(), performance.now(), process.moduleLoadList.length]];
let last = steps[0].slice(1);
function mark(name) {
  const now = [cpu(), performance.now(), process.moduleLoadList.length];
  steps.push([name, ...now.map((x, i) => x - last[i])]);
  last = now;
}

const [root = 'packages/cli', ...args] = process.argv.slice(2);
const dist = (file) => pathToFileURL(resolve(root, 'dist', file)).href;
void process.stdout.fd;
mark('process.stdout');
const { main } = await import(dist('main.js'));
mark('main.js');
await import(dist('commands/sum.js'));
mark('commands/sum.js');
await import(dist('sum/run.js'));
mark('sum/run.js');
const write = (s) => void process.stderr.write(s);
const io = { stdout: write, stderr: write, stdoutBytes: write, stderrIsTTY: false, stdoutIsTTY: false, columns: 80 };
await main(['sum', ...args], { ...io, env: {} }, false);
mark('the run');
console.log(JSON.stringify(steps.map(([name, ms, wall, builtins]) => ({ name, cpu: ms, wall, builtins }))));
