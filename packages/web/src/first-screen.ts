/**
 * What a person sees first, on a phone too (390×844): one sentence on what a run measures and the facts of the
 * device it runs on. The Run button sits between them (setup-form.ts); every other choice is folded away.
 */
import { runtimeLabel, SEED_ALGORITHMS, SEED_FIGURES, SEED_INPUT } from '@digestlab/lab';
import { h } from './dom.js';
import { browserEnv } from './host.js';

/** A list in words: `a, b and c`. */
function inWords(items: readonly string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** The one sentence, from the seed's own facts (its string, its algorithms, its two devices). */
export function introText(): string {
  return (
    `A run hashes the seed's ${SEED_INPUT.length}-character string with ${inWords(SEED_ALGORITHMS)} through every ` +
    `implementation that runs in this browser (digestlab's and its peers'), checks each output against a reference, ` +
    `and shows how fast each is beside the seed's own ${short(SEED_FIGURES.pc.label)} and ${short(SEED_FIGURES.phone.label)}.`
  );
}

/** `seed PC (Java, i7 notebook)` as `PC (Java, i7 notebook)`: the sentence already says whose. */
function short(label: string): string {
  return label.replace(/^seed /, '');
}

/** This device as the run will report it: browser and engine, platform, cores, SIMD, WebCrypto. */
export function deviceFacts(): HTMLElement {
  const env = browserEnv('');
  const d = env.device;
  const items: [string, string][] = [
    ['browser', `${runtimeLabel(env)} on ${env.os}`],
    ['logical cores', String(d.hardwareConcurrency)],
    ['WebAssembly SIMD', d.wasmSimd ? 'yes' : 'no'],
    ['WebCrypto', d.secureContext ? 'yes' : 'no (not a secure context: plain HTTP)'],
  ];
  return h(
    'dl',
    { class: 'facts', id: 'facts', 'aria-label': 'This device' },
    ...items.flatMap(([k, v]) => [h('dt', {}, k), h('dd', {}, v)]),
  );
}
