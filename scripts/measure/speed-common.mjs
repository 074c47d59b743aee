// What the speed scripts (classic-speed.mjs, keccak-speed.mjs) share: their options, the process's CPU clock, the
// calibration of a round and the interleaved rounds. The seed's string is the lab's (packages/lab/src/seed.ts, from
// its build).
export { SEED_INPUT as SEED } from '../../packages/lab/dist/seed.js';

const args = process.argv.slice(2);

/** The value after `--name` on the command line, or `fallback`. */
export const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};

/** The process's CPU time (user and system) in milliseconds: waiting for a core other processes hold is not counted. */
export const cpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** Calls per round so that a round of `call(reps)` lasts about `roundMs` of CPU time, after a warm-up (tier-up). */
export function calibrate(call, roundMs) {
  for (const end = performance.now() + 5 * roundMs; performance.now() < end; ) call(1);
  for (let reps = 1; ; reps *= 2) {
    const t0 = cpu();
    call(reps);
    const ms = cpu() - t0;
    if (ms >= roundMs / 4) return Math.max(1, Math.ceil((reps * roundMs) / ms));
  }
}

/**
 * Milliseconds per call of each of `calls` (name → call(reps)), one entry a round: every call runs once in each of
 * `rounds` rounds, about `roundMs` each, the order rotating from round to round.
 */
export function interleaved(calls, rounds, roundMs) {
  const names = Object.keys(calls);
  const reps = Object.fromEntries(names.map((n) => [n, calibrate(calls[n], roundMs)]));
  const per = Object.fromEntries(names.map((n) => [n, []]));
  for (let r = 0; r < rounds; r++) {
    for (let k = 0; k < names.length; k++) {
      const n = names[(r + k) % names.length];
      const t0 = cpu();
      calls[n](reps[n]);
      per[n].push((cpu() - t0) / reps[n]);
    }
  }
  return per;
}
