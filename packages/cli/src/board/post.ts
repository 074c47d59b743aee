/**
 * `--post URL`: a finished run sent to a board (`digestlab web`, here or elsewhere) as the page sends one. URL is
 * what `digestlab web` printed, `http://HOST:PORT/?token=TOKEN`; the run goes to api/results beside it, with the
 * token. Checked before the run starts, so a typo does not cost a whole bench.
 */
import { CliUsageError, EXIT, type Io } from '../io.js';

/** The collector URL of a board URL, or a usage error saying what is wrong with it. */
export function collectorUrl(text: string): URL {
  let board: URL;
  try {
    board = new URL(text);
  } catch {
    throw new CliUsageError(`--post ${text}: not a URL (give the one digestlab web printed, with its ?token=)`);
  }
  if (board.protocol !== 'http:' && board.protocol !== 'https:') {
    throw new CliUsageError(`--post ${text}: an http:// or https:// URL`);
  }
  const token = board.searchParams.get('token');
  if (!token) throw new CliUsageError(`--post ${text}: no ?token= (digestlab web prints the URL with it)`);
  const url = new URL('api/results', new URL(board.pathname.replace(/[^/]*$/, ''), board.origin));
  url.searchParams.set('token', token);
  return url;
}

/** Sends `text` (a report's JSON); one line on what the board answered; exit 0 for stored or already there. */
export async function postReport(url: URL, text: string, io: Io): Promise<number> {
  let r: Response;
  try {
    r = await fetch(url, { method: 'POST', body: text, headers: { 'content-type': 'application/json' } });
  } catch (e) {
    io.stderr(`digestlab: --post: could not reach ${url.origin}: ${(e as Error).message}\n`);
    return EXIT.failure;
  }
  const body = (await r.json().catch(() => ({}))) as { id?: string; error?: string };
  if (r.status === 201) io.stderr(`digestlab: posted to ${url.origin}: run ${body.id}\n`);
  else if (r.status === 409) io.stderr(`digestlab: ${url.origin} has this run already: run ${body.id}\n`);
  else {
    io.stderr(`digestlab: --post: ${url.origin} refused the run (HTTP ${r.status}): ${body.error ?? ''}\n`);
    return EXIT.failure;
  }
  return EXIT.ok;
}
