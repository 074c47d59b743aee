/**
 * Progress on stderr: a live bar per running job (bytes done, MiB/s, ETA) when stderr is a terminal, plain lines
 * every few seconds otherwise (logs, CI), nothing with --quiet. Result lines go to stdout; while bars are drawn on
 * the same terminal they are printed above the bars so neither garbles the other.
 */
import { formatSize, roughSize } from '@digestlab/lab/overflow';
import cliProgress from 'cli-progress';
import type { Io } from '../io.js';

export interface ProgressView {
  add(key: string, label: string, total: number): void;
  update(key: string, bytes: number, seconds: number): void;
  remove(key: string): void;
  /** Prints result text (stdout), above the bars when there are bars on the same terminal. */
  print(text: string): void;
  /** A message for stderr (above the bars). */
  note(text: string): void;
  stop(): void;
}

export function formatEta(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '?';
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const r = s % 60;
  if (h > 0) return `${h}h${String(m).padStart(2, '0')}m`;
  if (m > 0) return `${m}m${String(r).padStart(2, '0')}s`;
  return `${r}s`;
}

interface Stat {
  label: string;
  total: number;
  bytes: number;
  seconds: number;
}

function figures(s: Stat) {
  const rate = s.seconds > 0 ? s.bytes / s.seconds : 0;
  return {
    pct: s.total > 0 ? ((100 * s.bytes) / s.total).toFixed(1) : '100.0',
    rate: rate > 0 ? (rate / 2 ** 20).toFixed(0) : '-',
    etaText: rate > 0 ? formatEta((s.total - s.bytes) / rate) : '?',
  };
}

export interface ProgressOptions {
  /** Live bars (stderr is a terminal and this is the real process stderr). */
  bars: boolean;
  quiet: boolean;
  /** Seconds between plain lines. */
  every: number;
}

export function createProgress(io: Io, o: ProgressOptions): ProgressView {
  const stats = new Map<string, Stat>();
  if (o.bars && !o.quiet) return barView(io, stats);
  let timer: ReturnType<typeof setInterval> | undefined;
  if (!o.quiet && o.every > 0) {
    timer = setInterval(() => {
      for (const s of stats.values()) {
        const f = figures(s);
        io.stderr(
          `overflow: ${s.label}: ${roughSize(s.bytes)} / ${roughSize(s.total)} (${f.pct}%), ${f.rate} MiB/s, ETA ${f.etaText}\n`,
        );
      }
    }, o.every * 1000);
    timer.unref();
  }
  return {
    add(key, label, total) {
      stats.set(key, { label, total, bytes: 0, seconds: 0 });
      if (!o.quiet) io.stderr(`overflow: ${label}: started (${formatSize(total)})\n`);
    },
    update(key, bytes, seconds) {
      const s = stats.get(key);
      if (s) Object.assign(s, { bytes, seconds });
    },
    remove(key) {
      stats.delete(key);
    },
    print: (text) => io.stdout(text),
    note: (text) => io.stderr(text),
    stop() {
      if (timer) clearInterval(timer);
    },
  };
}

function barView(io: Io, stats: Map<string, Stat>): ProgressView {
  const multibar = new cliProgress.MultiBar(
    {
      stream: process.stderr,
      format: '{label} |{bar}| {pct}% {done} / {all}  {rate} MiB/s  ETA {etaText}',
      barsize: 24,
      hideCursor: true,
      clearOnComplete: true,
      fps: 4,
      autopadding: true,
    },
    cliProgress.Presets.shades_classic,
  );
  const bars = new Map<string, cliProgress.SingleBar>();
  const width = () => Math.max(...[...stats.values()].map((s) => s.label.length), 10);
  const payload = (s: Stat) => ({
    label: s.label.padEnd(width()),
    done: roughSize(s.bytes),
    all: roughSize(s.total),
    ...figures(s),
  });
  // result lines share the terminal with the bars only when stdout is that terminal
  const above = io.stdoutIsTTY;
  let active = true;
  /** Above the bars while there are bars (multibar.log buffers until the next redraw: redraw now), else plainly. */
  const write = (text: string, plain: (s: string) => void) => {
    if (active && bars.size > 0) {
      multibar.log(text);
      multibar.update();
    } else plain(text);
  };
  return {
    add(key, label, total) {
      const s: Stat = { label, total, bytes: 0, seconds: 0 };
      stats.set(key, s);
      bars.set(key, multibar.create(Math.max(total, 1), 0, payload(s)));
    },
    update(key, bytes, seconds) {
      const s = stats.get(key);
      const bar = bars.get(key);
      if (!s || !bar) return;
      Object.assign(s, { bytes, seconds });
      bar.update(Math.min(bytes, Math.max(s.total, 1)), payload(s));
    },
    remove(key) {
      const bar = bars.get(key);
      if (bar) multibar.remove(bar);
      bars.delete(key);
      stats.delete(key);
    },
    print(text) {
      if (above) write(text, io.stdout);
      else io.stdout(text);
    },
    note(text) {
      write(text, io.stderr);
    },
    stop() {
      if (!active) return;
      multibar.update();
      multibar.stop();
      active = false;
    },
  };
}
