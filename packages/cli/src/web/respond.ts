/** How the server answers: JSON bodies, and refusals that close the connection rather than read an ignored body. */
import type { ServerResponse } from 'node:http';

export function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  sendText(res, status, `${JSON.stringify(body)}\n`, 'application/json; charset=utf-8', headers);
}

export function sendText(
  res: ServerResponse,
  status: number,
  text: string,
  type: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    'Content-Type': type,
    'Content-Length': String(Buffer.byteLength(text)),
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(res.req.method === 'HEAD' ? undefined : text);
}

/** A refusal, maybe before the request body is read: the connection closes rather than read a body it ignores. */
export function refuse(res: ServerResponse, status: number, error: string, headers: Record<string, string> = {}): void {
  send(res, status, { error }, { ...headers, Connection: 'close' });
}
