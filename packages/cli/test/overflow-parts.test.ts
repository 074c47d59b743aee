/** The parts of `digestlab overflow` that need no worker thread: its own flags, and what a Ctrl-C does. */
import { describe, expect, it } from 'vitest';
import { cliSettings } from '../src/overflow/flags.js';
import { interrupter } from '../src/overflow/signals.js';

describe('overflow: the CLI’s own flags', () => {
  it('defaults: one job per core, a checkpoint every 4GiB, progress lines every 10 s, no file, not strict', () => {
    const s = cliSettings({});
    expect(s.jobs).toBeGreaterThanOrEqual(1);
    expect(s).toMatchObject({ checkpointEvery: 4 * 2 ** 30, progressEvery: 10, updateDelay: 0, strict: false });
    expect('checkpointFile' in s).toBe(false);
  });

  it('the checkpoint is kept in --checkpoint, else in the file --resume continues', () => {
    expect(cliSettings({ resume: 'a.json' }).checkpointFile).toBe('a.json');
    expect(cliSettings({ resume: 'a.json', checkpoint: 'b.json' }).checkpointFile).toBe('b.json');
  });

  it('a bad value is a usage error naming its flag, --jobs first', () => {
    expect(() => cliSettings({ jobs: '0', progressEvery: '-1' })).toThrow(
      '--jobs must be a whole number >= 1 (got "0")',
    );
    expect(() => cliSettings({ checkpointEvery: '0' })).toThrow(/^--checkpoint-every: /);
    expect(() => cliSettings({ progressEvery: '-1' })).toThrow('--progress-every must be a number of seconds >= 0');
    expect(() => cliSettings({ debugUpdateDelay: '1.5' })).toThrow(/^--debug-update-delay must be a whole number/);
  });
});

describe('overflow: Ctrl-C', () => {
  it('the first stops (running jobs save their state) and says so; every later one terminates', () => {
    const calls: string[] = [];
    const notes: string[] = [];
    const interrupt = interrupter(
      { stop: () => calls.push('stop'), terminate: () => calls.push('terminate') },
      { note: (s) => notes.push(s) },
    );
    interrupt();
    expect(calls).toEqual(['stop']);
    expect(notes).toEqual(['\noverflow: stopping; running jobs save their state (Ctrl-C again to quit at once)\n']);
    interrupt();
    interrupt();
    expect(calls).toEqual(['stop', 'terminate', 'terminate']);
    expect(notes).toHaveLength(1);
  });
});
