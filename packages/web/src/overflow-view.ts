/**
 * An overflow run on the page (`workload=overflow`): the engine of `digestlab overflow` in the Worker, one job after
 * another. While it runs: each job's progress, speed and time left, the whole run's time left, a Stop button, and a
 * screen wake lock where the browser grants one (a phone that sleeps throttles or freezes the page). After: the
 * verdicts, the CLI's summary, the run as `digestlab-overflow/1` to download, and sent to the collector.
 */
import { digestLabel, formatSize, jobKey, type OverflowDocument, type OverflowRecord } from '@digestlab/lab/overflow';
import { deliver, runFileName } from './deliver.js';
import { h, scroll } from './dom.js';
import { type Choices, toQuery } from './params.js';
import type { FromWorker, PlannedJobInfo } from './protocol.js';

export interface OverflowViewDeps {
  worker: Worker;
  progressBox: HTMLElement;
  resultsBox: HTMLElement;
  collector: Promise<boolean>;
  /** The page's state for readers and tests: running, done, error. */
  state(s: string): void;
  /** Shows the page's error line. */
  showError(message: string): void;
  /** Called once the run has ended, whatever the outcome. */
  ended(): void;
}

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

export async function runOverflowView(choices: Choices, deps: OverflowViewDeps): Promise<void> {
  const { worker, progressBox, resultsBox } = deps;
  deps.state('running');
  const status = h('p', { id: 'status' }, 'Planning the jobs…');
  const stop = h('button', { type: 'button', id: 'stop' }, 'Stop');
  const wake = h('p', { id: 'wake-lock', class: 'small' });
  progressBox.replaceChildren(h('h2', {}, 'Running overflow'), status, stop, wake);
  progressBox.hidden = false;
  resultsBox.hidden = true;
  const lock = await keepScreenOn();
  wake.dataset.state = lock.state;
  wake.textContent = {
    held: 'The screen stays on until the run ends.',
    refused: 'The browser did not keep the screen on: a sleeping screen pauses the run.',
    absent: 'This browser cannot keep the screen on: a sleeping screen pauses the run.',
  }[lock.state];
  stop.addEventListener('click', () => {
    stop.disabled = true;
    status.textContent = 'Stopping: running jobs end at their next update…';
    worker.postMessage({ type: 'stop' });
  });

  let jobs: PlannedJobInfo[] = [];
  /** Bytes still to hash per job that has not ended, and the latest speed seen (bytes/s) for the time left. */
  const remaining = new Map<string, number>();
  let speed = 0;
  const row = (key: string) => progressBox.querySelector<HTMLTableRowElement>(`tr[data-key="${CSS.escape(key)}"]`);
  const cell = (key: string, cls: string) => row(key)?.querySelector<HTMLTableCellElement>(`td.${cls}`);
  const overall = () => {
    const left = [...remaining.values()].reduce((a, b) => a + b, 0);
    const done = jobs.length - remaining.size;
    const eta = speed > 0 ? `, about ${formatSeconds(left / speed)} left` : '';
    if (!stop.disabled) status.textContent = `${done} of ${jobs.length} jobs done${eta}`;
  };

  worker.onmessage = (e: MessageEvent<FromWorker>) => {
    const m = e.data;
    if (m.type === 'overflow-plan') {
      jobs = m.jobs;
      for (const j of jobs) if (!j.skipped) remaining.set(j.key, j.size);
      progressBox.append(h('pre', { class: 'expectations' }, m.expectations), jobTable(jobs));
      overall();
    } else if (m.type === 'overflow-event') {
      const ev = m.event;
      if (ev.type === 'job-started') {
        const tr = row(ev.key);
        if (tr) tr.dataset.state = 'running';
      } else if (ev.type === 'job-progress') {
        const size = jobs.find((j) => j.key === ev.key)?.size ?? 0;
        const rate = mibs(ev.bytes, ev.seconds);
        if (rate > 0) speed = rate * 2 ** 20;
        remaining.set(ev.key, size - ev.bytes);
        const pct = size > 0 ? Math.floor((ev.bytes / size) * 100) : 100;
        const bytes = cell(ev.key, 'bytes');
        if (bytes) bytes.textContent = `${formatSize(ev.bytes)} / ${formatSize(size)} (${pct}%)`;
        const r = cell(ev.key, 'rate');
        if (r) r.textContent = rate > 0 ? rate.toFixed(1) : '';
        const left = cell(ev.key, 'left');
        if (left) left.textContent = speed > 0 ? formatSeconds((size - ev.bytes) / speed) : '…';
        overall();
      } else if (ev.type === 'job-ended') {
        remaining.delete(ev.key);
        const tr = row(ev.key);
        if (tr) tr.dataset.state = 'ended';
        const left = cell(ev.key, 'left');
        if (left) left.textContent = '';
        overall();
      } else if (ev.type === 'verdict') {
        const name = digestLabel(ev.record.algorithm, ev.record.outputLength);
        const v = cell(jobKey(name, ev.record.provider, ev.record.size), 'verdict');
        if (v) {
          v.textContent = ev.record.verdict;
          v.className = `verdict ${ev.record.verdict.toLowerCase()}`;
        }
      }
    } else if (m.type === 'overflow-done') {
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

function finished(doc: OverflowDocument, summary: string, choices: Choices, deps: OverflowViewDeps): void {
  deps.progressBox.hidden = true;
  const { actions, send } = deliver(runFileName('overflow', doc.env.date), doc, choices.token, deps.collector);
  deps.resultsBox.replaceChildren(
    h('h2', {}, doc.summary.interrupted ? 'Overflow: stopped' : 'Overflow verdicts'),
    verdictTable(doc.results),
    scroll(h('pre', { class: 'summary' }, summary)),
    actions,
  );
  deps.resultsBox.hidden = false;
  deps.state('done');
  deps.ended();
  void send();
}
