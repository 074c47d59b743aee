/**
 * The bench view's form: every choice of a run (workloads, algorithms, providers, settings), filled from the URL's
 * choices and read back through the URL's own parser, so a bad value in either gets the same message.
 */
import { allRows, UsageError } from '@digestlab/lab';
import { PATTERNS, selectProviders } from '@digestlab/lab/overflow';
import { algorithms as libraryAlgorithms } from 'digestlab';
import { h } from './dom.js';
import { type Choices, DEFAULT_OVERFLOW_SIZE, isOverflow, PAGE_WORKLOADS, parseChoices } from './params.js';
import type { RowInfo } from './protocol.js';

/**
 * The rows a run takes when none are named: a bench every row available here but the opt-in ones; overflow the engine's default (our
 * streaming providers: `digestlab overflow`'s), less those this browser lacks. Named explicitly to the engine, so
 * a row that cannot run here is not planned as a job.
 */
export function defaultProviders(rows: readonly RowInfo[], overflow: boolean): string[] {
  const here = rows.filter((r) => !r.unavailable).map((r) => r.id);
  if (!overflow) return rows.filter((r) => !r.unavailable && !r.optIn).map((r) => r.id);
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

function workloadsField(choices: Choices): HTMLFieldSetElement {
  return fieldset(
    'Workloads',
    ...PAGE_WORKLOADS.map((w) => h('label', {}, checkbox('workload', w, choices.workloads.includes(w)), ` ${w}`)),
    h('span', { class: 'reason' }, 'overflow runs on its own: one digest of a long input per algorithm and provider'),
  );
}

function algorithmsField(choices: Choices): HTMLFieldSetElement {
  return fieldset(
    'Algorithms',
    ...libraryAlgorithms().map((a) =>
      h('label', {}, checkbox('algorithm', a.name, choices.algorithms.includes(a.name)), ` ${a.name}`),
    ),
  );
}

/** Every row, ticked when chosen; one this browser cannot run is disabled and says why. */
function providersField(rows: readonly RowInfo[], chosen: readonly string[]): HTMLFieldSetElement {
  return fieldset(
    'Providers (ours, then the peers that run in this browser)',
    ...rows.map((r) =>
      h(
        'label',
        { class: r.unavailable ? 'unavailable' : undefined, title: r.note, 'data-row': r.id },
        checkbox('provider', r.id, chosen.includes(r.id), r.unavailable !== undefined),
        ` ${r.id} `,
        h('span', { class: 'small' }, `(${r.implementedIn})`),
        r.unavailable ? h('span', { class: 'reason' }, `unavailable: ${r.unavailable}`) : null,
      ),
    ),
  );
}

function settingsField(choices: Choices): HTMLFieldSetElement {
  return fieldset(
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
}

/**
 * Fills `form`: the Run button first (on a phone it is on the first screen), a line naming what it runs, `facts`
 * (the device), then every choice folded under "Customise" (a <details>: keyboard and screen readers know it),
 * unfolded when `open` (a run URL that carries choices shows them), with the share link.
 */
export function buildForm(
  form: HTMLFormElement,
  rows: readonly RowInfo[],
  choices: Choices,
  open: boolean,
  facts: Node,
): void {
  const chosenProviders = choices.providers ?? defaultProviders(rows, isOverflow(choices));
  const share = h('p', { class: 'share' }, 'Link to this run: ', h('a', { id: 'share', href: '#' }, ''));
  form.replaceChildren(
    h('button', { type: 'submit', id: 'run', class: 'primary' }, 'Run'),
    h('p', { id: 'chosen', class: 'small' }, choiceLine(choices, chosenProviders.length)),
    facts,
    h(
      'details',
      { id: 'customise', open },
      h('summary', {}, 'Customise: workloads, algorithms, providers, settings'),
      workloadsField(choices),
      algorithmsField(choices),
      providersField(rows, chosenProviders),
      settingsField(choices),
      share,
    ),
  );
  form.dataset.state = 'ready';
}

/** What the Run button runs, in a line: `seed · 6 algorithms · 17 providers`. */
export function choiceLine(choices: Choices, providers: number): string {
  const n = (k: number, what: string) => `${k} ${what}${k === 1 ? '' : 's'}`;
  return `Runs: ${choices.workloads.join(', ')} · ${n(choices.algorithms.length, 'algorithm')} · ${n(providers, 'provider')}`;
}

/**
 * Overflow runs on its own with its own defaults: choosing it unticks the bench workloads and ticks overflow's
 * algorithms and rows (SHA-1; our streaming providers), and choosing a bench workload goes back, so the form never
 * asks for an hour-long run by accident.
 */
export function switchMode(form: HTMLFormElement, rows: readonly RowInfo[], overflow: boolean): void {
  const boxes = (name: string) => form.querySelectorAll<HTMLInputElement>(`input[name="${name}"]:not(:disabled)`);
  const was = [...boxes('workload')].some((b) => b.checked && b.value === 'overflow' && !overflow);
  if (!overflow && !was) return;
  for (const b of boxes('workload')) if ((b.value === 'overflow') !== overflow) b.checked = false;
  const defaults = parseChoices(overflow ? 'workload=overflow' : '');
  for (const b of boxes('algorithm')) b.checked = defaults.algorithms.includes(b.value as never);
  const ids = defaultProviders(rows, overflow);
  for (const b of boxes('provider')) b.checked = ids.includes(b.value);
}

/** The form's choices, read by the same parser as the URL (so a bad value gets the same message). */
export function formChoices(form: HTMLFormElement, rows: readonly RowInfo[], token: string | undefined): Choices {
  const data = new FormData(form);
  const all = (name: string) => data.getAll(name).map(String);
  const enc = (v: string) => encodeURIComponent(v).replace(/%2C/g, ',');
  const chosen = all('provider');
  const overflow = all('workload').includes('overflow');
  // the default rows: the link then says nothing, and stays short
  const everyRow = defaultProviders(rows, overflow);
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
