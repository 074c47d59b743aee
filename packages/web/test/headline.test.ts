/** The seed run's headline under Node: which row is fastest among ours and the peers, and the line that says so. */
import { readFileSync } from 'node:fs';
import { type BenchReport, type BenchResult, parseReport, SEED_FIGURES } from '@digestlab/lab';
import { describe, expect, it } from 'vitest';
import { headlineLine, headlineRows } from '../src/headline.js';

/** The lab's fixture run (ts and node:crypto on MD5 and SHA-256), with a peer beside them. */
function withPeer(peer: Record<string, number>): BenchReport {
  const text = readFileSync(new URL('../../lab/test/fixtures/run-a.json', import.meta.url), 'utf8');
  const report = parseReport(text, 'run-a.json');
  const ts = report.results.filter((r) => r.provider === 'ts' && r.workload === 'seed');
  const peers: BenchResult[] = ts.map((r) => ({
    ...r,
    provider: 'hash-wasm',
    library: 'hash-wasm',
    median: peer[r.algorithm],
  }));
  report.env.providers.push({
    id: 'hash-wasm',
    library: 'hash-wasm',
    version: '4',
    kind: 'peer',
    implementedIn: 'WebAssembly',
  });
  report.results.push(...peers);
  return report;
}

describe('headlineRows', () => {
  it("takes the fastest of ours and of the peers per seed algorithm (never the baseline), and the seed's figures as ops/s", () => {
    // node:crypto (the baseline) is 500k and 400k: never a contender
    const rows = headlineRows(withPeer({ MD5: 800_000, 'SHA-256': 1_600_000 }));
    expect(rows.map((r) => [r.algorithm, r.ours, r.peer])).toEqual([
      ['MD5', { id: 'ts', opsPerSecond: 1_000_000 }, { id: 'hash-wasm', opsPerSecond: 800_000 }],
      ['SHA-256', { id: 'ts', opsPerSecond: 800_000 }, { id: 'hash-wasm', opsPerSecond: 1_600_000 }],
    ]);
    expect(rows[0].pc).toBeCloseTo(SEED_FIGURES.pc.count / SEED_FIGURES.pc.seconds.MD5);
    expect(rows[1].phone).toBeCloseTo(SEED_FIGURES.phone.count / SEED_FIGURES.phone.seconds['SHA-256']);
  });

  it('is empty for a run without the seed workload', () => {
    const report = withPeer({ MD5: 1, 'SHA-256': 1 });
    report.results = report.results.filter((r) => r.workload !== 'seed');
    expect(headlineRows(report)).toEqual([]);
  });
});

describe('headlineLine', () => {
  it('says who is fastest on how many algorithms and by how much, and how the fastest compares with the seed PC', () => {
    const line = headlineLine(headlineRows(withPeer({ MD5: 800_000, 'SHA-256': 1_600_000 })));
    expect(line).toBe(
      "Fastest here: digestlab on 1 of 2 algorithms, 1.25× the fastest peer; hash-wasm on SHA-256, 2.00× digestlab. The fastest here is 2.86× to 7.60× the seed's PC.",
    );
  });

  it('names the peer alone when it is fastest everywhere', () => {
    expect(headlineLine(headlineRows(withPeer({ MD5: 2_000_000, 'SHA-256': 2_000_000 })))).toMatch(
      /^Fastest here: hash-wasm on MD5 and SHA-256, 2\.00× to 2\.50× digestlab\. The fastest here is /,
    );
  });

  it('counts only the algorithms a peer has too (no peer has MD2 here)', () => {
    const report = withPeer({ MD5: 500_000, 'SHA-256': 200_000 });
    report.results = report.results.filter((r) => !(r.provider === 'hash-wasm' && r.algorithm === 'SHA-256'));
    expect(headlineLine(headlineRows(report))).toMatch(
      /^Fastest here: digestlab on 1 of the 1 algorithms a peer has too, 2\.00× the fastest peer\. /,
    );
  });

  it('a range when ours wins everywhere; one figure when the ratios agree', () => {
    expect(headlineLine(headlineRows(withPeer({ MD5: 500_000, 'SHA-256': 200_000 })))).toMatch(
      /^Fastest here: digestlab on 2 of 2 algorithms, 2\.00× to 4\.00× the fastest peer\. /,
    );
    expect(headlineLine(headlineRows(withPeer({ MD5: 500_000, 'SHA-256': 400_000 })))).toMatch(
      /^Fastest here: digestlab on 2 of 2 algorithms, 2\.00× the fastest peer\. /,
    );
  });
});
