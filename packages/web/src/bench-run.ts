/**
 * A bench run on the page: the run's cells as a grid per workload (algorithms × providers), marked as the engine
 * reports progress, the status line with the time left, then the results, downloadable and sent to the collector.
 */
import type { BenchReport, Progress, Workload } from '@digestlab/lab';
import { deliver, runFileName } from './deliver.js';
import { h, scroll } from './dom.js';
import type { CheckedDigest } from './host.js';
import { cellProgress } from './lab-adapter.js';
import { type Choices, toQuery } from './params.js';
import type { FromWorker } from './protocol.js';
import { resultsView } from './results.js';
import type { RunViewDeps } from './run-view.js';

/** The run's cells as a grid per workload (algorithms × providers), marked as the engine reports progress. */
function progressGrid(choices: Choices, providers: readonly string[]): HTMLElement[] {
  return choices.workloads.map((w) =>
    h(
      'div',
      {},
      h('h3', {}, w),
      scroll(
        `Progress of the ${w} workload`,
        h(
          'table',
          { class: 'cells' },
          h('tr', {}, h('th', {}, 'algorithm'), ...providers.map((p) => h('th', {}, p))),
          ...choices.algorithms.map((a) =>
            h(
              'tr',
              { 'data-workload': w, 'data-algorithm': a },
              h('td', {}, a),
              ...providers.map((p) => h('td', { 'data-provider': p }, '·')),
            ),
          ),
        ),
      ),
    ),
  );
}

function formatSeconds(s: number): string {
  return s >= 90 ? `${Math.round(s / 60)} min` : `${Math.max(1, Math.round(s))} s`;
}

/**
 * The grid and status line of a running bench: each progress report marks its cells (checked, timing, timed) and
 * says how far the run is, with the time left once timing has started.
 */
class CellBoard {
  private readonly started = performance.now();
  private timingFrom = 0;
  /** The workload|algorithm being timed, marked done once the next one starts. */
  private last = '';

  constructor(
    private readonly box: HTMLElement,
    private readonly status: HTMLElement,
  ) {}

  /** One progress report of the engine: its cells marked, the status line updated. */
  progress(progress: Progress): void {
    const p = cellProgress(progress);
    if (p.phase === 'time' && this.timingFrom === 0) this.timingFrom = performance.now();
    if (p.workload && p.algorithm) {
      if (p.phase === 'check') this.mark(p.workload, p.algorithm, p.provider, 'checked', '✓');
      else {
        const here = `${p.workload}|${p.algorithm}`;
        if (this.last && this.last !== here) {
          const [w, a] = this.last.split('|');
          this.mark(w, a, undefined, 'timed', 'done');
        }
        this.last = here;
        this.mark(p.workload, p.algorithm, undefined, 'timing', p.round ?? '…');
      }
    }
    const elapsed = (performance.now() - (this.timingFrom || this.started)) / 1000;
    const eta = p.phase === 'time' && p.fraction > 0.02 ? (elapsed * (1 - p.fraction)) / p.fraction : undefined;
    this.status.textContent = `${p.phase === 'check' ? 'Checking' : 'Timing'}: ${Math.round(p.fraction * 100)}% of the cells${eta === undefined ? '' : `, about ${formatSeconds(eta)} left`}`;
  }

  private mark(workload: string, algorithm: string, provider: string | undefined, cls: string, text: string): void {
    const tr = this.box.querySelector(`tr[data-workload="${workload}"][data-algorithm="${CSS.escape(algorithm)}"]`);
    if (!tr) return;
    for (const td of tr.querySelectorAll<HTMLTableCellElement>('td[data-provider]')) {
      if (provider && td.dataset.provider !== provider) continue;
      td.className = cls;
      td.textContent = text;
    }
  }
}

/** Runs `choices` as a bench of `providers` in the Worker, and shows it from progress to results. */
export function runBench(choices: Choices, providers: string[], deps: RunViewDeps): void {
  const { worker, progressBox, resultsBox } = deps;
  deps.state('running');
  const status = h('p', { id: 'status' }, 'Checking every row against the reference…');
  progressBox.replaceChildren(h('h2', {}, 'Running'), status, ...progressGrid(choices, providers));
  progressBox.hidden = false;
  resultsBox.hidden = true;
  const board = new CellBoard(progressBox, status);
  worker.onmessage = (e: MessageEvent<FromWorker>) => {
    const m = e.data;
    if (m.type === 'progress') {
      board.progress(m.progress);
      return;
    }
    deps.ended();
    if (m.type === 'error') {
      deps.state('error');
      progressBox.hidden = true;
      deps.showError(m.usage ? m.message : `The run failed: ${m.message}`);
      return;
    }
    if (m.type === 'done') finished(m.report, m.digests, choices, deps);
  };
  worker.postMessage({
    type: 'run',
    // the token stays out of the report: it would be saved and shared with the run
    link: toQuery({ ...choices, token: undefined }),
    options: {
      workloads: choices.workloads as Workload[],
      algorithms: choices.algorithms,
      providers,
      samples: choices.samples,
      sizes: choices.sizes,
    },
  });
}

function finished(report: BenchReport, digests: CheckedDigest[], choices: Choices, deps: RunViewDeps): void {
  deps.progressBox.hidden = true;
  const { actions, send } = deliver(runFileName('bench', report.env.date), report, choices.token, deps.collector);
  deps.resultsBox.replaceChildren(...resultsView(report, digests, actions));
  deps.resultsBox.hidden = false;
  deps.state('done');
  void send();
}
