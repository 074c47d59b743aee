/**
 * The page's entry and its bench view: reads the run from the URL, lists what runs in this browser (from the
 * Worker), lets every choice be changed in the form (setup-form.ts) and writes it back into the URL, then starts
 * the run: a bench (bench-run.ts) or an overflow run (overflow-view.ts). `#compare` shows the compare view instead.
 */
import { allRows, resolveProviders, UsageError } from '@digestlab/lab';
import { resolveRun } from '@digestlab/lab/overflow';
import { ready } from 'digestlab';
import { runBench } from './bench-run.js';
import { collectorHere } from './collector.js';
import { mountCompare } from './compare-view.js';
import { byId, showError } from './dom.js';
import { deviceFacts, introText } from './first-screen.js';
import { runOverflowView } from './overflow-view.js';
import { type Choices, carriesChoices, isOverflow, parseChoices, toQuery } from './params.js';
import type { FromWorker, RowInfo } from './protocol.js';
import type { RunViewDeps } from './run-view.js';
import { buildForm, choiceLine, defaultProviders, formChoices, switchMode } from './setup-form.js';

const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
const form = byId<HTMLFormElement>('setup');
const progressBox = byId('progress');
const resultsBox = byId('results');
let rows: RowInfo[] = [];
let running = false;
const collector = collectorHere();

/** What the live region (#announce, aria-live=polite) says when the page enters a state; errors are #error's alert. */
const ANNOUNCED: Record<string, string> = {
  running: 'Running: checking every implementation, then timing it.',
  done: 'Done.',
};

/**
 * Sets the page's state for a reader (and for the browser tests): loading, ready, running, done or error. A screen
 * reader hears running and done; done with the run's headline line (#headline), which the view has shown by then.
 */
function state(s: string): void {
  document.body.dataset.state = s;
  const say = ANNOUNCED[s];
  if (say === undefined) return;
  const headline = s === 'done' ? (document.getElementById('headline')?.textContent ?? '') : '';
  byId('announce').textContent = headline ? `${say} ${headline}` : say;
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

/** Writes the choices into the address bar and the share link (`+` as %2B). */
function writeLink(choices: Choices): void {
  const query = toQuery(choices);
  history.replaceState(null, '', `${location.pathname}${query}${location.hash}`);
  const a = byId<HTMLAnchorElement>('share');
  a.href = `${location.origin}${location.pathname}${query}`;
  a.textContent = a.href;
}

/** Starts the run `choices` asks for, overflow or bench, unless one is running; the Run button waits for its end. */
function run(choices: Choices): void {
  if (running) return;
  running = true;
  showError(undefined);
  const runButton = byId<HTMLButtonElement>('run');
  runButton.disabled = true;
  const deps: RunViewDeps = {
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
  };
  if (isOverflow(choices)) {
    void runOverflowView({ ...choices, providers: choices.providers ?? defaultProviders(rows, true) }, deps);
  } else {
    runBench(choices, choices.providers ?? defaultProviders(rows, false), deps);
  }
}

async function benchView(): Promise<void> {
  state('loading');
  byId('intro').textContent = introText();
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
  buildForm(
    form,
    rows,
    problem ? parseChoices(choices.token ? `token=${encodeURIComponent(choices.token)}` : '') : choices,
    carriesChoices(location.search),
    deviceFacts(),
  );
  let current = problem ? undefined : choices;
  if (current) writeLink(current);
  form.addEventListener('change', (e) => {
    const target = e.target as HTMLInputElement;
    if (target.name === 'workload' && target.checked) switchMode(form, rows, target.value === 'overflow');
    try {
      current = formChoices(form, rows, choices.token);
      showError(undefined);
      writeLink(current);
      const providers = current.providers ?? defaultProviders(rows, isOverflow(current));
      byId('chosen').textContent = choiceLine(current, providers.length);
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
