import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

// The engine must run unchanged in a browser's Web Worker: no Node module may be imported anywhere in its source.
const SRC = join(import.meta.dirname, '..', 'src');
const NODE_BUILTINS = [
  'fs',
  'path',
  'os',
  'crypto',
  'worker_threads',
  'child_process',
  'url',
  'v8',
  'vm',
  'module',
  'buffer',
  'process',
  'util',
  'stream',
];

// Node's globals, which a Worker lacks as surely as its modules (comments may name them; code may not).
const NODE_GLOBALS: [RegExp, string][] = [
  [/(?<![.\w-])process\s*\./, 'process'],
  [/\bBuffer\b/, 'Buffer'],
  [/\b__dirname\b|\b__filename\b/, '__dirname/__filename'],
  [/import\.meta\.(?:dirname|filename)\b/, 'import.meta.dirname/filename'],
  [/\bsetImmediate\b/, 'setImmediate'],
];

// The engine modules both faces drive: if one moved out of src/, this scan would stop covering it.
const ENGINE = [
  'engine.ts',
  'select.ts',
  'bench/plan.ts',
  'bench/check.ts',
  'bench/time.ts',
  'bench/analyze.ts',
  'bench/assemble.ts',
  'bench/cells.ts',
  'bench/expected.ts',
  'bench/timed.ts',
  'bench/workloads/index.ts',
  'bench/workloads/workload.ts',
  'bench/workloads/cold.ts',
  'bench/host.ts',
  'bench/events.ts',
  'overflow/checkpoint.ts',
  'overflow/flags.ts',
  'overflow/selection.ts',
  'overflow/choice.ts',
  'overflow/resume.ts',
  'overflow/per-algorithm.ts',
  'overflow/job.ts',
  'overflow/plan.ts',
  'overflow/checkpoint-merge.ts',
  'overflow/records.ts',
  'overflow/scheduler.ts',
  'overflow/session.ts',
  'overflow/settle.ts',
  'overflow/document.ts',
  'overflow/worker.ts',
  'overflow/in-process.ts',
  'overflow/runner.ts',
];

function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

describe('@digestlab/lab is platform-neutral', () => {
  it('imports no Node module, statically or dynamically, and never uses require', () => {
    for (const file of files(SRC)) {
      const text = readFileSync(file, 'utf8');
      const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(\s*)['"]([^'"]+)['"]/g)].map((m) => m[1]);
      for (const s of specifiers) {
        expect(s.startsWith('node:'), `${file} imports ${s}`).toBe(false);
        expect(NODE_BUILTINS.includes(s), `${file} imports ${s}`).toBe(false);
      }
      expect(/\brequire\s*\(/.test(text), `${file} uses require`).toBe(false);
    }
  });

  it("uses none of Node's globals outside comments", () => {
    for (const file of files(SRC)) {
      const code = withoutComments(readFileSync(file, 'utf8'));
      for (const [pattern, name] of NODE_GLOBALS) expect(pattern.test(code), `${file} uses ${name}`).toBe(false);
    }
  });

  it('covers every engine module', () => {
    const scanned = files(SRC).map((f) => relative(SRC, f).split(sep).join('/'));
    for (const m of ENGINE) expect(scanned, m).toContain(m);
  });
});
