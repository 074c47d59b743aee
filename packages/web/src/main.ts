/**
 * The page: reads the run from the URL, lists what runs in this browser (from the Worker), lets every choice be
 * changed (and writes it back into the URL), drives the Worker during a run, then shows the results.
 */
import { allRows, type BenchReport, resolveProviders, UsageError } from '@digestlab/lab';
import { algorithms as libraryAlgorithms, ready } from 'digestlab';
import { collectorHere, sendRun } from './collector.js';
import { mountCompare } from './compare-view.js';
import { byId, download, h, scroll, showError } from './dom.js';
import type { CheckedDigest } from './host.js';
import { cellProgress } from './lab-adapter.js';
import { type Choices, COMING_WORKLOADS, PAGE_WORKLOADS, parseChoices, toQuery } from './params.js';
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

/** Checks the provider ids against every row the lab has (the engine's own check and message). */
function checkProviders(choices: Choices): void {
  if (choices.providers) resolveProviders(choices.providers, allRows());
}

function checkbox(name: string, value: string, checked: boolean, disabled = false): HTMLInputElement {
  return h('input', { type: 'checkbox', name, value, checked, disabled });
}

function fieldset(title: string, ...children: (Node | string)[]): HTMLFieldSetElement {
  return h('fieldset', {}, h('legend', {}, title), ...children);
}

function buildForm(choices: Choices): void {
  const chosenProviders = choices.providers ?? rows.filter((r) => !r.unavailable).map((r) => r.id);
  const workloads = fieldset(
    'Workloads',
    ...PAGE_WORKLOADS.map((w) => h('label', {}, checkbox('workload', w, choices.workloads.includes(w)), ` ${w}`)),
    ...COMING_WORKLOADS.map((w) =>
      h('label', { class: 'unavailable' }, checkbox('workload', w, false, true), ` ${w} (coming: digestlab ${w})`),
    ),
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

/** The form's choices, read by the same parser as the URL (so a bad value gets the same message). */
function formChoices(token: string | undefined): Choices {
  const data = new FormData(form);
  const all = (name: string) => data.getAll(name).map(String);
  const enc = (v: string) => encodeURIComponent(v).replace(/%2C/g, ',');
  const chosen = all('provider');
  // every available row is the default: the link then says nothing, and stays short
  const everyRow = rows.filter((r) => !r.unavailable).map((r) => r.id);
  const isDefault = chosen.length === everyRow.length && everyRow.every((id) => chosen.includes(id));
  const query = [
    `workload=${enc(all('workload').join(','))}`,
    `algorithms=${enc(all('algorithm').join(','))}`,
    ...(isDefault ? [] : [`providers=${enc(chosen.join(','))}`]),
    `samples=${enc(String(data.get('samples') ?? ''))}`,
    `sizes=${enc(String(data.get('sizes') ?? ''))}`,
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
  state('running');
  showError(undefined);
  const providers = choices.providers ?? rows.filter((r) => !r.unavailable).map((r) => r.id);
  const status = h('p', { id: 'status' }, 'Checking every row against the reference…');
  progressBox.replaceChildren(h('h2', {}, 'Running'), status, ...progressGrid(choices, providers));
  progressBox.hidden = false;
  resultsBox.hidden = true;
  (byId<HTMLButtonElement>('run') as HTMLButtonElement).disabled = true;
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
    (byId<HTMLButtonElement>('run') as HTMLButtonElement).disabled = false;
    if (m.type === 'error') {
      state('error');
      progressBox.hidden = true;
      showError(m.usage ? m.message : `The run failed: ${m.message}`);
      return;
    }
    if (m.type === 'done') void finished(m.report, m.digests, choices);
  };
  worker.postMessage({
    type: 'run',
    // the token stays out of the report: it would be saved and shared with the run
    link: toQuery({ ...choices, token: undefined }),
    options: {
      workloads: choices.workloads,
      algorithms: choices.algorithms,
      providers,
      samples: choices.samples,
      sizes: choices.sizes,
    },
  });
}

async function finished(report: BenchReport, digests: CheckedDigest[], choices: Choices): Promise<void> {
  progressBox.hidden = true;
  const name = `digestlab-bench-${report.env.date.replace(/[:.]/g, '-')}.json`;
  const json = `${JSON.stringify(report, null, 2)}\n`;
  const saved = h('span', { id: 'saved', class: 'small' });
  const actions = h('p', {}, h('button', { type: 'button', id: 'download' }, 'Download JSON'), ' ', saved);
  actions.querySelector('button')?.addEventListener('click', () => download(name, json));
  resultsBox.replaceChildren(...resultsView(report, digests, actions));
  resultsBox.hidden = false;
  state('done');
  if (!(await collector)) return;
  if (!choices.token) {
    // the collector refuses runs without its token; say where the right URL is rather than be refused
    saved.textContent = 'digestlab web is collecting, but this URL has no token: open the URL it printed to send runs.';
    return;
  }
  saved.textContent = 'Sending to the collector…';
  try {
    const file = await sendRun(report, choices.token);
    saved.textContent = `Saved by digestlab web as ${file}`;
    saved.dataset.file = file;
  } catch (e) {
    saved.textContent = `Not saved: ${e instanceof Error ? e.message : String(e)}. Download it instead.`;
  }
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
  form.addEventListener('change', () => {
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
