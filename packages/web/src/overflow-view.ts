/**
 * An overflow run on the page (`workload=overflow`): the engine of `digestlab overflow` in the Worker, one job after
 * another. While it runs: each job's progress, speed and time left, the whole run's time left, a Stop button, and a
 * screen wake lock where the browser grants one (a phone that sleeps throttles or freezes the page). After: the
 * verdicts, the CLI's summary, the run as `digestlab-overflow/1` to download, and sent to the collector.
 */
import {
  digestLabel,
  formatSize,
  jobKey,
  type OverflowDocument,
  type OverflowEvent,
  type OverflowRecord,
  VERDICTS,
} from '@digestlab/lab/overflow';
import { deliver, runFileName } from './deliver.js';
import { h, scroll } from './dom.js';
import { type Choices, toQuery } from './params.js';
import type { FromWorker, PlannedJobInfo } from './protocol.js';
import type { RunViewDeps } from './run-view.js';

type WakeLockState = 'held' | 'refused' | 'absent';

/** Keeps the screen on where the browser grants it; returns how it went and the release. Absent API: nothing. */
async function keepScreenOn(): Promise<{ state: WakeLockState; release(): void }> {
  if (!('wakeLock' in navigator)) return { state: 'absent', release: () => {} };
  try {
    const sentinel = await navigator.wakeLock.request('screen');
    return { state: 'held', release: () => void sentinel.release().catch(() => {}) };
  } catch {
    // refused: a hidden page, a battery saver, a permissions policy; the run goes on without it
    return { state: 'refused', release: () => {} };
  }
}

function formatSeconds(s: number): string {
  if (!Number.isFinite(s)) return '…';
  return s >= 90 ? `${Math.round(s / 60)} min` : `${Math.max(0, Math.round(s))} s`;
}

const mibs = (bytes: number, seconds: number) => (seconds > 0 ? bytes / 2 ** 20 / seconds : 0);

/** The job table: one row per job, filled in as the job runs and settles. */
function jobTable(jobs: readonly PlannedJobInfo[]): HTMLElement {
  return scroll(
    'Jobs',
    h(
      'table',
      { class: 'cells', id: 'jobs' },
      h('tr', {}, ...['job', 'bytes', 'MiB/s', 'left', 'verdict'].map((t) => h('th', {}, t))),
      ...jobs.map((j) =>
        h(
          'tr',
          { 'data-key': j.key, 'data-state': j.skipped ? 'skipped' : 'queued' },
          h('td', {}, j.label),
          h('td', { class: 'bytes' }, j.skipped ? '' : `0 / ${formatSize(j.size)}`),
          h('td', { class: 'rate' }, ''),
          h('td', { class: 'left' }, ''),
          h('td', { class: 'verdict', title: j.skipped }, j.skipped ? 'SKIPPED' : '·'),
        ),
      ),
    ),
  );
}

/** The records as a table: what a reader checks (verdict, digest, where the expected digest came from). */
function verdictTable(records: readonly OverflowRecord[]): HTMLElement {
  const head = ['verdict', 'algorithm', 'bytes', 'provider', 'MiB/s', 'digest', 'expected', 'note'];
  return scroll(
    'Verdicts',
    h(
      'table',
      { id: 'verdicts' },
      h('tr', {}, ...head.map((t) => h('th', {}, t))),
      ...records.map((r) =>
        h(
          'tr',
          { 'data-provider': r.provider, 'data-algorithm': r.algorithm, 'data-verdict': r.verdict },
          h('td', { class: `verdict ${r.verdict.toLowerCase()}` }, r.verdict),
          h('td', {}, r.algorithm),
          h('td', {}, `${r.bytes} (${formatSize(r.size)})`),
          h('td', {}, `${r.provider} `, h('span', { class: 'small' }, `(${r.implementedIn})`)),
          h('td', {}, r.mibPerSecond === null ? '' : r.mibPerSecond.toFixed(1)),
          h('td', { class: 'hex' }, r.hex ?? ''),
          h('td', {}, r.expectedSource ?? (r.hex ? 'none stored' : '')),
          h(
            'td',
            {},
            [
              r.reason,
              r.agreesWith.length > 0 ? `agrees with ${r.agreesWith.join(', ')}` : null,
              r.disagreesWith.length > 0 ? `disagrees with ${r.disagreesWith.join(', ')}` : null,
            ]
              .filter(Boolean)
              .join('; '),
          ),
        ),
      ),
    ),
  );
}

/**
 * The verdicts first, as a bench leads with its chart: the tally in one line (#headline, which the live region also
 * says), then each algorithm and provider with its verdict, before the full table.
 */
function verdictHeadline(doc: OverflowDocument): HTMLElement[] {
  const tally = VERDICTS.filter((v) => doc.summary[v] > 0).map((v) => `${doc.summary[v]} ${v}`);
  const failed = doc.summary.FAIL > 0 ? ': a FAIL is a wrong digest' : '';
  return [
    h('p', { id: 'headline', class: 'verdict-line' }, `${tally.join(' · ') || 'no jobs'}${failed}`),
    h(
      'ul',
      { class: 'verdict-list' },
      ...doc.results.map((r) =>
        h(
          'li',
          { 'data-verdict': r.verdict },
          h('span', { class: `verdict ${r.verdict.toLowerCase()}` }, r.verdict),
          ` ${digestLabel(r.algorithm, r.outputLength)} · ${r.provider} · ${formatSize(r.size)}`,
        ),
      ),
    ),
  ];
}

const WAKE_LOCK_TEXT: Record<WakeLockState, string> = {
  held: 'The screen stays on until the run ends.',
  refused: 'The browser did not keep the screen on: a sleeping screen pauses the run.',
  absent: 'This browser cannot keep the screen on: a sleeping screen pauses the run.',
};

/**
 * The running run's box: its job table (once the plan arrives), each job's bytes, speed and time left as events
 * come in, and the status line with the whole run's progress and time left.
 */
class JobBoard {
  private jobs: PlannedJobInfo[] = [];
  /** Bytes still to hash per job that has not ended, and the latest speed seen (bytes/s) for the time left. */
  private readonly remaining = new Map<string, number>();
  private speed = 0;

  constructor(
    private readonly box: HTMLElement,
    private readonly status: HTMLElement,
    /** Disabled once Stop is pressed: the status line then says the run is stopping. */
    private readonly stop: HTMLButtonElement,
  ) {}

  /** The plan: where each expected digest comes from, and a row per job. */
  plan(jobs: PlannedJobInfo[], expectations: string): void {
    this.jobs = jobs;
    for (const j of jobs) if (!j.skipped) this.remaining.set(j.key, j.size);
    this.box.append(h('pre', { class: 'expectations' }, expectations), jobTable(jobs));
    this.overall();
  }

  event(ev: OverflowEvent): void {
    if (ev.type === 'job-started') {
      const tr = this.row(ev.key);
      if (tr) tr.dataset.state = 'running';
    } else if (ev.type === 'job-progress') {
      this.progress(ev.key, ev.bytes, ev.seconds);
    } else if (ev.type === 'job-ended') {
      this.remaining.delete(ev.key);
      const tr = this.row(ev.key);
      if (tr) tr.dataset.state = 'ended';
      const left = this.cell(ev.key, 'left');
      if (left) left.textContent = '';
      this.overall();
    } else if (ev.type === 'verdict') {
      const name = digestLabel(ev.record.algorithm, ev.record.outputLength);
      const v = this.cell(jobKey(name, ev.record.provider, ev.record.size), 'verdict');
      if (v) {
        v.textContent = ev.record.verdict;
        v.className = `verdict ${ev.record.verdict.toLowerCase()}`;
      }
    }
  }

  private progress(key: string, done: number, seconds: number): void {
    const size = this.jobs.find((j) => j.key === key)?.size ?? 0;
    const rate = mibs(done, seconds);
    if (rate > 0) this.speed = rate * 2 ** 20;
    this.remaining.set(key, size - done);
    const pct = size > 0 ? Math.floor((done / size) * 100) : 100;
    const bytes = this.cell(key, 'bytes');
    if (bytes) bytes.textContent = `${formatSize(done)} / ${formatSize(size)} (${pct}%)`;
    const r = this.cell(key, 'rate');
    if (r) r.textContent = rate > 0 ? rate.toFixed(1) : '';
    const left = this.cell(key, 'left');
    if (left) left.textContent = this.speed > 0 ? formatSeconds((size - done) / this.speed) : '…';
    this.overall();
  }

  private overall(): void {
    const left = [...this.remaining.values()].reduce((a, b) => a + b, 0);
    const done = this.jobs.length - this.remaining.size;
    const eta = this.speed > 0 ? `, about ${formatSeconds(left / this.speed)} left` : '';
    if (!this.stop.disabled) this.status.textContent = `${done} of ${this.jobs.length} jobs done${eta}`;
  }

  private row(key: string): HTMLTableRowElement | null {
    return this.box.querySelector<HTMLTableRowElement>(`tr[data-key="${CSS.escape(key)}"]`);
  }

  private cell(key: string, cls: string): HTMLTableCellElement | null | undefined {
    return this.row(key)?.querySelector<HTMLTableCellElement>(`td.${cls}`);
  }
}

/** The progress box of a run starting: its heading, status line, Stop button and wake lock line. */
function startBox(deps: RunViewDeps): { status: HTMLElement; stop: HTMLButtonElement; wake: HTMLElement } {
  const { progressBox, resultsBox } = deps;
  const status = h('p', { id: 'status' }, 'Planning the jobs…');
  const stop = h('button', { type: 'button', id: 'stop' }, 'Stop');
  const wake = h('p', { id: 'wake-lock', class: 'small' });
  progressBox.replaceChildren(h('h2', {}, 'Running overflow'), status, stop, wake);
  progressBox.hidden = false;
  resultsBox.hidden = true;
  return { status, stop, wake };
}

/** Stop asks the Worker to stop: running jobs end at their next update, queued ones never start. */
function wireStop(stop: HTMLButtonElement, status: HTMLElement, worker: Worker): void {
  stop.addEventListener('click', () => {
    stop.disabled = true;
    status.textContent = 'Stopping: running jobs end at their next update…';
    worker.postMessage({ type: 'stop' });
  });
}

/** Runs `choices` as an overflow run in the Worker, and shows it from plan to verdicts. */
export async function runOverflowView(choices: Choices, deps: RunViewDeps): Promise<void> {
  const { worker, progressBox } = deps;
  deps.state('running');
  const { status, stop, wake } = startBox(deps);
  const lock = await keepScreenOn();
  wake.dataset.state = lock.state;
  wake.textContent = WAKE_LOCK_TEXT[lock.state];
  wireStop(stop, status, worker);
  const board = new JobBoard(progressBox, status, stop);
  worker.onmessage = (e: MessageEvent<FromWorker>) => {
    const m = e.data;
    if (m.type === 'overflow-plan') board.plan(m.jobs, m.expectations);
    else if (m.type === 'overflow-event') board.event(m.event);
    else if (m.type === 'overflow-done') {
      lock.release();
      finished(m.document, m.summary, choices, deps);
    } else if (m.type === 'error') {
      lock.release();
      progressBox.hidden = true;
      deps.state('error');
      deps.showError(m.usage ? m.message : `The run failed: ${m.message}`);
      deps.ended();
    }
  };
  worker.postMessage({
    type: 'overflow',
    // the token stays out of the document: it would be saved and shared with the run
    link: toQuery({ ...choices, token: undefined }),
    ask: {
      size: choices.size,
      pattern: choices.pattern,
      algorithms: choices.algorithms.join(','),
      ...(choices.providers ? { providers: choices.providers.join(',') } : {}),
    },
  });
}

function finished(doc: OverflowDocument, summary: string, choices: Choices, deps: RunViewDeps): void {
  deps.progressBox.hidden = true;
  const { actions, send } = deliver(runFileName('overflow', doc.env.date), doc, choices.token, deps.collector);
  deps.resultsBox.replaceChildren(
    h('h2', {}, doc.summary.interrupted ? 'Overflow: stopped' : 'Overflow verdicts'),
    ...verdictHeadline(doc),
    verdictTable(doc.results),
    scroll('Summary', h('pre', { class: 'summary' }, summary)),
    actions,
  );
  deps.resultsBox.hidden = false;
  deps.state('done');
  deps.ended();
  void send();
}
