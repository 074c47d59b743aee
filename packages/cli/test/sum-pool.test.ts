import { describe, expect, it } from 'vitest';
import { type Job, WaitingFiles } from '../src/sum/pool.js';

const MIB = 2 ** 20;
const job = (size: number): Job => ({
  path: new Uint8Array(),
  size,
  algorithms: [{ name: 'SHA-256' }],
  resolve: () => {},
  reject: () => {},
});

describe('sum pool: the files waiting for a worker', () => {
  it('takes consecutive small files, at most 64 a batch, in the order submitted', () => {
    const waiting = new WaitingFiles();
    const jobs = Array.from({ length: 70 }, (_, i) => job(i + 1));
    for (const j of jobs) waiting.push(j);
    expect(waiting.take()).toEqual(jobs.slice(0, 64));
    expect(waiting.empty).toBe(false);
    expect(waiting.take()).toEqual(jobs.slice(64));
    expect(waiting.empty).toBe(true);
    expect(waiting.take()).toEqual([]);
  });

  it('closes a batch before it would pass 4 MiB; a larger file goes alone', () => {
    const waiting = new WaitingFiles();
    const [a, b, big, c] = [job(3 * MIB), job(MIB), job(8 * MIB), job(1)];
    for (const j of [a, b, big, c]) waiting.push(j);
    expect(waiting.take()).toEqual([a, b]);
    expect(waiting.take()).toEqual([big]);
    expect(waiting.take()).toEqual([c]);
  });

  it('drains what is still waiting, and is empty after', () => {
    const waiting = new WaitingFiles();
    const jobs = Array.from({ length: 66 }, (_, i) => job(i + 1));
    for (const j of jobs) waiting.push(j);
    waiting.take();
    expect(waiting.drain()).toEqual(jobs.slice(64));
    expect(waiting.empty).toBe(true);
    waiting.push(jobs[0] as Job);
    expect(waiting.take()).toEqual([jobs[0]]);
  });
});
