/**
 * The page: reads the run from the URL, lists what runs in this browser (from the Worker), lets every choice be
 * changed (and writes it back into the URL), drives the Worker during a run, then shows the results.
 */
import { allRows, type BenchReport, resolveProviders, UsageError } from '@digestlab/lab';
import { PATTERNS, resolveRun, selectProviders } from '@digestlab/lab/overflow';
import { algorithms as libraryAlgorithms, ready } from 'digestlab';
import { collectorHere } from './collector.js';
import { mountCompare } from './compare-view.js';
import { deliver, runFileName } from './deliver.js';
import { byId, h, scroll, showError } from './dom.js';
import type { CheckedDigest } from './host.js';
import { cellProgress } from './lab-adapter.js';
import { runOverflowView } from './overflow-view.js';
import {
  type BenchWorkload,
  type Choices,
  DEFAULT_OVERFLOW_SIZE,
  isOverflow,
  PAGE_WORKLOADS,
  parseChoices,
  toQuery,
} from './params.js';
import type { FromWorker, RowInfo } from './protocol.js';
import { resultsView } from './results.js';

const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
const form = byId<HTMLFormElement>('setup');
const progressBox = byId('progress');
const resultsBox = byId('results');
let rows: RowInfo[] = [];
let running = false;
const collector = collectorHere();

/** Sets the page's state for a reader (and for the browser tests): loading, ready, running, done or error. */
function state(s: string): void {
  document.body.dataset.state = s;
}

/** The choices in the URL; on a bad value, the CLI's message, and the defaults in the form (nothing runs). */
function initialChoices(): { choices: Choices; error?: string } {
  try {
    return { choices: parseChoices(location.search) };
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    return { choices: parseChoices(''), error: e.message };
  }
}

/**
 * Checks the provider ids against every row the lab has (the engine's own check and message: overflow's also takes
 * default, ours, peers and all).
 */
function checkProviders(choices: Choices): void {
  if (!choices.providers) return;
  if (isOverflow(choices)) resolveRun({ providers: choices.providers.join(',') }, allRows());
  else resolveProviders(choices.providers, allRows());
}

/**
 * The rows a run takes when none are named: a bench every row available here; overflow the engine's default (our
 * streaming providers: `digestlab overflow`'s), less those this browser lacks. Named explicitly to the engine, so
 * a row that cannot run here is not planned as a job.
 */
function defaultProviders(overflow: boolean): string[] {
  const here = rows.filter((r) => !r.unavailable).map((r) => r.id);
  if (!overflow) return here;
  return selectProviders(undefined, allRows())
    .map((s) => s.row.id)
    .filter((id) => here.includes(id));
}

function checkbox(name: string, value: string, checked: boolean, disabled = false): HTMLInputElement {
  return h('input', { type: 'checkbox', name, value, checked, disabled });
}

function fieldset(title: string, ...children: (Node | string)[]): HTMLFieldSetElement {
  return h('fieldset', {}, h('legend', {}, title), ...children);
}

function buildForm(choices: Choices): void {
  const chosenProviders = choices.providers ?? defaultProviders(isOverflow(choices));
  const workloads = fieldset(
    'Workloads',
    ...PAGE_WORKLOADS.map((w) => h('label', {}, checkbox('workload', w, choices.workloads.includes(w)), ` ${w}`)),
    h('span', { class: 'reason' }, 'overflow runs on its own: one digest of a long input per algorithm and provider'),
  );
  const algorithms = fieldset(
    'Algorithms',
    ...libraryAlgorithms().map((a) =>
      h('label', {}, checkbox('algorithm', a.name, choices.algorithms.includes(a.name)), ` ${a.name}`),
    ),
  );
  const providers = fieldset(
    'Providers (ours, then the peers that run in this browser)',
    ...rows.map((r) =>
      h(
        'label',
        { class: r.unavailable ? 'unavailable' : undefined, title: r.note, 'data-row': r.id },
        checkbox('provider', r.id, chosenProviders.includes(r.id), r.unavailable !== undefined),
        ` ${r.id} `,
        h('span', { class: 'small' }, `(${r.implementedIn})`),
        r.unavailable ? h('span', { class: 'reason' }, `unavailable: ${r.unavailable}`) : null,
      ),
    ),
  );
  const settings = fieldset(
    'Settings',
    h(
      'label',
      {},
      'samples ',
      h('input', { type: 'number', name: 'samples', min: 5, step: 1, value: choices.samples }),
    ),
    h(
      'label',
      {},
      'sizes (sizes workload) ',
      h('input', { type: 'text', name: 'sizes', value: choices.sizesText, size: 14, placeholder: '1MiB' }),
    ),
    h(
      'label',
      {},
      'size (overflow) ',
      h('input', {
        type: 'text',
        name: 'size',
        value: choices.size ?? DEFAULT_OVERFLOW_SIZE,
        size: 14,
        placeholder: '2^29+1, 4GiB+5, 257GiB',
      }),
    ),
    h(
      'label',
      {},
      'pattern (overflow) ',
      h(
        'select',
        { name: 'pattern' },
        ...PATTERNS.map((p) => h('option', { value: p, selected: p === (choices.pattern ?? 'zeros') }, p)),
      ),
    ),
  );
  const share = h('p', { class: 'share' }, 'Link to this run: ', h('a', { id: 'share', href: '#' }, ''));
  form.replaceChildren(
    workloads,
    algorithms,
    providers,
    settings,
    h('button', { type: 'submit', id: 'run' }, 'Run'),
    share,
  );
  form.dataset.state = 'ready';
}

/**
 * Overflow runs on its own with its own defaults: choosing it unticks the bench workloads and ticks overflow's
 * algorithms and rows (SHA-1; our streaming providers), and choosing a bench workload goes back, so the form never
 * asks for an hour-long run by accident.
 */
function switchMode(overflow: boolean): void {
  const boxes = (name: string) => form.querySelectorAll<HTMLInputElement>(`input[name="${name}"]:not(:disabled)`);
  const was = [...boxes('workload')].some((b) => b.checked && b.value === 'overflow' && !overflow);
  if (!overflow && !was) return;
  for (const b of boxes('workload')) if ((b.value === 'overflow') !== overflow) b.checked = false;
  const defaults = parseChoices(overflow ? 'workload=overflow' : '');
  for (const b of boxes('algorithm')) b.checked = defaults.algorithms.includes(b.value as never);
  const ids = defaultProviders(overflow);
  for (const b of boxes('provider')) b.checked = ids.includes(b.value);
}

/** The form's choices, read by the same parser as the URL (so a bad value gets the same message). */
function formChoices(token: string | undefined): Choices {
  const data = new FormData(form);
  const all = (name: string) => data.getAll(name).map(String);
  const enc = (v: string) => encodeURIComponent(v).replace(/%2C/g, ',');
  const chosen = all('provider');
  const overflow = all('workload').includes('overflow');
  // the default rows: the link then says nothing, and stays short
  const everyRow = defaultProviders(overflow);
  const isDefault = chosen.length === everyRow.length && everyRow.every((id) => chosen.includes(id));
  const query = [
    `workload=${enc(all('workload').join(','))}`,
    `algorithms=${enc(all('algorithm').join(','))}`,
    ...(isDefault ? [] : [`providers=${enc(chosen.join(','))}`]),
    `samples=${enc(String(data.get('samples') ?? ''))}`,
    `sizes=${enc(String(data.get('sizes') ?? ''))}`,
    ...(overflow
      ? [`size=${enc(String(data.get('size') ?? ''))}`, `pattern=${enc(String(data.get('pattern') ?? ''))}`]
      : []),
    ...(token ? [`token=${enc(token)}`] : []),
  ].join('&');
  const choices = parseChoices(query);
  if (all('algorithm').length === 0) throw new UsageError('choose at least one algorithm');
  if (chosen.length === 0) throw new UsageError('choose at least one provider');
  return choices;
}

/** Writes the choices into the address bar and the share link (`+` as %2B). */
function writeLink(choices: Choices): void {
  const query = toQuery(choices);
  history.replaceState(null, '', `${location.pathname}${query}${location.hash}`);
  const a = byId<HTMLAnchorElement>('share');
  a.href = `${location.origin}${location.pathname}${query}`;
  a.textContent = a.href;
}

/** The run's cells as a grid per workload (algorithms × providers), marked as the engine reports progress. */
function progressGrid(choices: Choices, providers: readonly string[]): HTMLElement[] {
  return choices.workloads.map((w) =>
    h(
      'div',
      {},
      h('h3', {}, w),
      scroll(
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

function markCells(workload: string, algorithm: string, provider: string | undefined, cls: string, text: string) {
  const tr = progressBox.querySelector(`tr[data-workload="${workload}"][data-algorithm="${CSS.escape(algorithm)}"]`);
  if (!tr) return;
  for (const td of tr.querySelectorAll<HTMLTableCellElement>('td[data-provider]')) {
    if (provider && td.dataset.provider !== provider) continue;
    td.className = cls;
    td.textContent = text;
  }
}

function formatSeconds(s: number): string {
  return s >= 90 ? `${Math.round(s / 60)} min` : `${Math.max(1, Math.round(s))} s`;
}

function run(choices: Choices): void {
  if (running) return;
  running = true;
  showError(undefined);
  const runButton = byId<HTMLButtonElement>('run');
  runButton.disabled = true;
  if (isOverflow(choices)) {
    void runOverflowView(
      { ...choices, providers: choices.providers ?? defaultProviders(true) },
      {
        worker,
        progressBox,
        resultsBox,
        collector,
        state,
        showError,
        ended: () => {
          running = false;
          runButton.disabled = false;
        },
      },
    );
    return;
  }
  state('running');
  const providers = choices.providers ?? defaultProviders(false);
  const status = h('p', { id: 'status' }, 'Checking every row against the reference…');
  progressBox.replaceChildren(h('h2', {}, 'Running'), status, ...progressGrid(choices, providers));
  progressBox.hidden = false;
  resultsBox.hidden = true;
  const started = performance.now();
  let timingFrom = 0;
  let last = '';
  worker.onmessage = (e: MessageEvent<FromWorker>) => {
    const m = e.data;
    if (m.type === 'progress') {
      const p = cellProgress(m.progress);
      if (p.phase === 'time' && timingFrom === 0) timingFrom = performance.now();
      if (p.workload && p.algorithm) {
        if (p.phase === 'check') markCells(p.workload, p.algorithm, p.provider, 'checked', '✓');
        else {
          const here = `${p.workload}|${p.algorithm}`;
          if (last && last !== here) {
            const [w, a] = last.split('|');
            markCells(w, a, undefined, 'timed', 'done');
          }
          last = here;
          markCells(p.workload, p.algorithm, undefined, 'timing', p.round ?? '…');
        }
      }
      const elapsed = (performance.now() - (timingFrom || started)) / 1000;
      const eta = p.phase === 'time' && p.fraction > 0.02 ? (elapsed * (1 - p.fraction)) / p.fraction : undefined;
      status.textContent = `${p.phase === 'check' ? 'Checking' : 'Timing'}: ${Math.round(p.fraction * 100)}% of the cells${eta === undefined ? '' : `, about ${formatSeconds(eta)} left`}`;
      return;
    }
    running = false;
    runButton.disabled = false;
    if (m.type === 'error') {
      state('error');
      progressBox.hidden = true;
      showError(m.usage ? m.message : `The run failed: ${m.message}`);
      return;
    }
    if (m.type === 'done') finished(m.report, m.digests, choices);
  };
  worker.postMessage({
    type: 'run',
    // the token stays out of the report: it would be saved and shared with the run
    link: toQuery({ ...choices, token: undefined }),
    options: {
      workloads: choices.workloads as BenchWorkload[],
      algorithms: choices.algorithms,
      providers,
      samples: choices.samples,
      sizes: choices.sizes,
    },
  });
}

function finished(report: BenchReport, digests: CheckedDigest[], choices: Choices): void {
  progressBox.hidden = true;
  const { actions, send } = deliver(runFileName('bench', report.env.date), report, choices.token, collector);
  resultsBox.replaceChildren(...resultsView(report, digests, actions));
  resultsBox.hidden = false;
  state('done');
  void send();
}

async function benchView(): Promise<void> {
  state('loading');
  const { choices, error } = initialChoices();
  // The main thread compiles WebAssembly asynchronously only: ready() before the lab lists digestlab's rows.
  await ready();
  const catalog = new Promise<RowInfo[]>((resolve) => {
    worker.onmessage = (e: MessageEvent<FromWorker>) => {
      if (e.data.type === 'catalog') resolve(e.data.rows);
    };
  });
  worker.postMessage({ type: 'catalog' });
  rows = await catalog;
  let problem = error;
  if (!problem) {
    try {
      checkProviders(choices);
    } catch (e) {
      if (!(e instanceof UsageError)) throw e;
      problem = `URL parameter providers=${choices.providers?.join(',')}: ${e.message}`;
    }
  }
  buildForm(problem ? parseChoices(choices.token ? `token=${encodeURIComponent(choices.token)}` : '') : choices);
  let current = problem ? undefined : choices;
  if (current) writeLink(current);
  form.addEventListener('change', (e) => {
    const target = e.target as HTMLInputElement;
    if (target.name === 'workload' && target.checked) switchMode(target.value === 'overflow');
    try {
      current = formChoices(choices.token);
      showError(undefined);
      writeLink(current);
    } catch (e) {
      current = undefined;
      showError(e instanceof Error ? e.message : String(e));
    }
  });
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (current) run(current);
  });
  if (problem) {
    showError(problem);
    state('error');
    return;
  }
  state('ready');
  if (choices.run) run(choices);
}

/** #compare shows the compare view; anything else the bench. */
function route(): void {
  const compare = location.hash === '#compare';
  byId('bench-view').hidden = compare;
  const view = byId('compare-view');
  view.hidden = !compare;
  if (compare && view.childElementCount === 0) mountCompare(view);
}

window.addEventListener('hashchange', route);
route();
benchView().catch((e: unknown) => {
  state('error');
  showError(`The page failed to start: ${e instanceof Error ? e.message : String(e)}`);
});
