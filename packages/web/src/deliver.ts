/**
 * What every finished run offers, bench or overflow: a Download button for its JSON (the CLI's schema), and, when
 * `digestlab web` is collecting, the run sent to it with the file name it was saved as.
 */
import { sendRun } from './collector.js';
import { download, h } from './dom.js';

/** The actions line (`#download`, `#saved`), and the send to the collector once the line is on the page. */
export function deliver(
  name: string,
  run: object,
  token: string | undefined,
  collector: Promise<boolean>,
): { actions: HTMLElement; send(): Promise<void> } {
  const json = `${JSON.stringify(run, null, 2)}\n`;
  const saved = h('span', { id: 'saved', class: 'small' });
  const actions = h('p', {}, h('button', { type: 'button', id: 'download' }, 'Download JSON'), ' ', saved);
  actions.querySelector('button')?.addEventListener('click', () => download(name, json));
  const send = async () => {
    if (!(await collector)) return;
    if (!token) {
      // the collector refuses runs without its token; say where the right URL is rather than be refused
      saved.textContent =
        'digestlab web is collecting, but this URL has no token: open the URL it printed to send runs.';
      return;
    }
    saved.textContent = 'Sending to the collector…';
    try {
      const file = await sendRun(run, token);
      saved.textContent = `Saved by digestlab web as ${file}`;
      saved.dataset.file = file;
    } catch (e) {
      saved.textContent = `Not saved: ${e instanceof Error ? e.message : String(e)}. Download it instead.`;
    }
  };
  return { actions, send };
}

/** A run's file name: `digestlab-<kind>-<ISO date with - for : and .>.json`. */
export function runFileName(kind: 'bench' | 'overflow', date: string): string {
  return `digestlab-${kind}-${date.replace(/[:.]/g, '-')}.json`;
}
